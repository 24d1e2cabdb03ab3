extension Migration {
    /// Single sign-on: which account each person of an identity provider is (by the provider's
    /// issuer and its subject, never by email); the sign-ins begun at a provider (to sign in, or to
    /// confirm it is you), each good once for 10 minutes in the browser that began it; and the CLI's sign-ins through a browser, waiting to
    /// be approved by a signed-in person.
    static let singleSignOn = Migration(number: 40, name: "single sign-on", statements: [
        """
        CREATE TABLE sso_identities (
            issuer TEXT NOT NULL,
            subject TEXT NOT NULL,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            email TEXT NOT NULL,
            created_at {timestamp} NOT NULL,
            last_used_at {timestamp} NOT NULL,
            PRIMARY KEY (issuer, subject)
        )
        """,
        "CREATE INDEX sso_identities_user ON sso_identities(user_id)",
        """
        CREATE TABLE sso_sign_ins (
            state_hash TEXT PRIMARY KEY,
            browser_hash TEXT NOT NULL,
            nonce TEXT NOT NULL,
            code_verifier TEXT NOT NULL,
            purpose TEXT NOT NULL,
            next_path TEXT,
            expires_at {timestamp} NOT NULL
        )
        """,
        """
        CREATE TABLE cli_sign_ins (
            poll_hash TEXT PRIMARY KEY,
            user_code TEXT NOT NULL UNIQUE,
            device_name TEXT NOT NULL,
            user_id {uuid} REFERENCES users(id) ON DELETE CASCADE,
            expires_at {timestamp} NOT NULL
        )
        """,
    ])
}
