extension Migration {
    /// Two-step sign-in with an authenticator app: the secret (sealed by the server, never plain),
    /// one set up but not confirmed yet, the step of the last code used (each code counts once),
    /// and the recovery codes' hashes, each usable once.
    static let twoStepSignIn = Migration(number: 25, name: "two-step sign-in", statements: [
        "ALTER TABLE users ADD COLUMN totp_secret TEXT",
        "ALTER TABLE users ADD COLUMN totp_pending_secret TEXT",
        "ALTER TABLE users ADD COLUMN totp_last_step BIGINT",
        """
        CREATE TABLE recovery_codes (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            code_hash TEXT NOT NULL,
            used_at {timestamp}
        )
        """,
        "CREATE INDEX recovery_codes_user ON recovery_codes (user_id, code_hash)",
    ])
}
