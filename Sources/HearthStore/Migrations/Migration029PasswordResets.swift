extension Migration {
    /// Password reset links sent by mail: only the SHA-256 of each link's secret, good for 30 minutes
    /// and once.
    static let passwordResets = Migration(number: 29, name: "password resets", statements: [
        """
        CREATE TABLE password_resets (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            token_hash TEXT NOT NULL UNIQUE,
            created_at {timestamp} NOT NULL,
            expires_at {timestamp} NOT NULL,
            used_at {timestamp}
        )
        """,
        "CREATE INDEX password_resets_user ON password_resets(user_id)",
    ])
}
