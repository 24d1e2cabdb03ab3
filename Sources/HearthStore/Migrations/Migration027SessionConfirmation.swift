extension Migration {
    /// When each session's user last proved it was them (signing in, or confirming again since):
    /// what cannot be undone (downloading a backup, restoring with replace, creating an API token)
    /// asks for it within the last 10 minutes. Sessions made before this have none and are asked.
    static let sessionConfirmation = Migration(number: 27, name: "session confirmation", statements: [
        "ALTER TABLE sessions ADD COLUMN confirmed_at {timestamp}",
    ])
}
