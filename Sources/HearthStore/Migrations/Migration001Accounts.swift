extension Migration {
    /// Households, users, page sessions, API tokens and invites.
    static let accounts = Migration(number: 1, name: "accounts", statements: [
        """
        CREATE TABLE households (
            id {uuid} PRIMARY KEY,
            name TEXT NOT NULL,
            created_at {timestamp} NOT NULL,
            updated_at {timestamp} NOT NULL
        )
        """,
        """
        CREATE TABLE users (
            id {uuid} PRIMARY KEY,
            household_id {uuid} NOT NULL REFERENCES households(id),
            name TEXT NOT NULL,
            email TEXT NOT NULL,
            email_normalized TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            theme TEXT NOT NULL DEFAULT 'system',
            accent TEXT NOT NULL DEFAULT 'tomato',
            time_zone TEXT NOT NULL DEFAULT 'UTC',
            created_at {timestamp} NOT NULL,
            updated_at {timestamp} NOT NULL
        )
        """,
        "CREATE INDEX users_household ON users(household_id)",
        """
        CREATE TABLE sessions (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            token_hash TEXT NOT NULL UNIQUE,
            created_at {timestamp} NOT NULL,
            last_seen_at {timestamp} NOT NULL
        )
        """,
        "CREATE INDEX sessions_user ON sessions(user_id)",
        """
        CREATE TABLE api_tokens (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            token_hash TEXT NOT NULL UNIQUE,
            created_at {timestamp} NOT NULL,
            last_used_at {timestamp}
        )
        """,
        "CREATE INDEX api_tokens_user ON api_tokens(user_id)",
        """
        CREATE TABLE invites (
            id {uuid} PRIMARY KEY,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            created_by {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            token_hash TEXT NOT NULL UNIQUE,
            created_at {timestamp} NOT NULL,
            expires_at {timestamp} NOT NULL,
            used_at {timestamp},
            used_by {uuid} REFERENCES users(id) ON DELETE SET NULL
        )
        """,
        "CREATE INDEX invites_household ON invites(household_id)",
    ])
}
