extension Migration {
    /// Streaks read the distinct days with a completed focus session; this index answers that
    /// from the index alone, also for a user with 100,000 sessions.
    static let streakIndex = Migration(number: 4, name: "streak index", statements: [
        "CREATE INDEX focus_sessions_streak ON focus_sessions(user_id, kind, skipped, local_day)",
    ])
}
