extension Migration {
    /// The lists' Gist backup of an account in a household: its GitHub token and backup passphrase
    /// (both sealed with the server's key), the GitHub login, the gist it writes, how often, the
    /// digest of the lists it last sent (so an unchanged household sends nothing), how the last
    /// try went, and until when GitHub asked to wait. `stopped`: the token was refused.
    static let listGistBackups = Migration(number: 33, name: "list gist backups", statements: [
        """
        CREATE TABLE list_gist_backups (
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            token TEXT NOT NULL,
            passphrase TEXT NOT NULL,
            login TEXT NOT NULL,
            gist_id TEXT,
            schedule TEXT NOT NULL,
            content_digest TEXT,
            backed_up_at {timestamp},
            tried_at {timestamp},
            error TEXT,
            stopped {bool} NOT NULL,
            wait_until {timestamp},
            created_at {timestamp} NOT NULL,
            PRIMARY KEY (user_id, household_id)
        )
        """,
    ])
}
