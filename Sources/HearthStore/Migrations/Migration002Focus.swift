extension Migration {
    /// Focus: per-user settings, the timer state (with the time the scheduler must act next),
    /// finished sessions and gym workouts. `local_day` is the day in the user's time zone when the
    /// row was recorded, so statistics group by day in SQL.
    static let focus = Migration(number: 2, name: "focus", statements: [
        """
        CREATE TABLE focus_settings (
            user_id {uuid} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            settings TEXT NOT NULL,
            updated_at {timestamp} NOT NULL
        )
        """,
        """
        CREATE TABLE focus_timers (
            user_id {uuid} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            state TEXT NOT NULL,
            due_at {timestamp},
            updated_at {timestamp} NOT NULL
        )
        """,
        "CREATE INDEX focus_timers_due ON focus_timers(due_at)",
        """
        CREATE TABLE focus_sessions (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('focus', 'shortBreak', 'longBreak', 'countdown', 'rest')),
            started_at {timestamp} NOT NULL,
            ended_at {timestamp} NOT NULL,
            planned_seconds INTEGER NOT NULL CHECK (planned_seconds >= 0),
            actual_seconds INTEGER NOT NULL CHECK (actual_seconds >= 0),
            skipped {bool} NOT NULL,
            label TEXT,
            local_day INTEGER NOT NULL
        )
        """,
        "CREATE INDEX focus_sessions_user_day ON focus_sessions(user_id, kind, local_day)",
        "CREATE INDEX focus_sessions_user_ended ON focus_sessions(user_id, ended_at)",
        """
        CREATE TABLE focus_workouts (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            started_at {timestamp} NOT NULL,
            ended_at {timestamp} NOT NULL,
            rests INTEGER NOT NULL CHECK (rests >= 0),
            rest_seconds INTEGER NOT NULL CHECK (rest_seconds >= 0),
            local_day INTEGER NOT NULL
        )
        """,
        "CREATE INDEX focus_workouts_user_day ON focus_workouts(user_id, local_day)",
    ])
}
