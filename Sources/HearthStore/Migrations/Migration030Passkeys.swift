extension Migration {
    /// Passkeys (WebAuthn credentials): each one's id and public key (COSE) as base64url, its
    /// signature counter and the name of the device it lives on; and the challenges handed out,
    /// each good once for 5 minutes (a sign-in's belongs to nobody yet).
    static let passkeys = Migration(number: 30, name: "passkeys", statements: [
        """
        CREATE TABLE passkeys (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            credential_id TEXT NOT NULL UNIQUE,
            public_key TEXT NOT NULL,
            sign_count BIGINT NOT NULL,
            name TEXT NOT NULL,
            created_at {timestamp} NOT NULL,
            last_used_at {timestamp}
        )
        """,
        "CREATE INDEX passkeys_user ON passkeys(user_id)",
        """
        CREATE TABLE passkey_challenges (
            challenge TEXT PRIMARY KEY,
            user_id {uuid} REFERENCES users(id) ON DELETE CASCADE,
            purpose TEXT NOT NULL,
            expires_at {timestamp} NOT NULL
        )
        """,
    ])
}
