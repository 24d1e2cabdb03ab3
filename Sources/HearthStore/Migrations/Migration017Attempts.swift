extension Migration {
    /// Sign-in and registration attempts, counted in the database that the servers of a cluster
    /// share (PostgreSQL only: one SQLite server counts them in memory).
    static let attempts = Migration(number: 17, name: "attempts", statements: [], postgresOnly: [
        "CREATE TABLE attempts (key TEXT NOT NULL, at TIMESTAMPTZ NOT NULL)",
        "CREATE INDEX attempts_key ON attempts(key, at)",
        "CREATE INDEX attempts_at ON attempts(at)",
        "CREATE TABLE attempt_turns (key TEXT PRIMARY KEY, next_at TIMESTAMPTZ NOT NULL)",
    ])
}
