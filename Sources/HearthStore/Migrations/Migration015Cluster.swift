extension Migration {
    /// Several servers on one PostgreSQL database. Their caches are off there (see `ReadCache`), so
    /// the notifications migrations 13 and 14 sent for them go; what the servers must agree on (the
    /// fingerprint of their secret key, the marker of their media folder) is kept in `cluster_settings`.
    static let cluster = Migration(number: 15, name: "cluster", statements: [
        "CREATE TABLE cluster_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ], postgresOnly: [
        "DROP TRIGGER users_changed ON users",
        "DROP TRIGGER sessions_revoked ON sessions",
        "DROP TRIGGER api_tokens_revoked ON api_tokens",
        "DROP FUNCTION credentials_changed()",
        "DROP TRIGGER shopping_lists_changed ON shopping_lists",
        "DROP TRIGGER list_items_changed ON list_items",
        "DROP FUNCTION lists_changed()",
        "DROP TRIGGER focus_timers_changed ON focus_timers",
        "DROP TRIGGER focus_settings_changed ON focus_settings",
        "DROP FUNCTION focus_changed()",
    ])
}
