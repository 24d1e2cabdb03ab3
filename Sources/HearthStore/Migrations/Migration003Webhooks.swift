extension Migration {
    /// Webhooks for timer events and their delivery log. The signing secret is stored sealed
    /// (AES-GCM with the server's key), never in the clear.
    static let webhooks = Migration(number: 3, name: "webhooks", statements: [
        """
        CREATE TABLE webhooks (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            url TEXT NOT NULL,
            sealed_secret TEXT NOT NULL,
            events TEXT NOT NULL,
            created_at {timestamp} NOT NULL
        )
        """,
        "CREATE INDEX webhooks_user ON webhooks(user_id)",
        """
        CREATE TABLE webhook_deliveries (
            id {uuid} PRIMARY KEY,
            webhook_id {uuid} NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
            event TEXT NOT NULL,
            payload TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at {timestamp},
            last_status_code INTEGER,
            last_error TEXT,
            created_at {timestamp} NOT NULL
        )
        """,
        "CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at)",
        "CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries(webhook_id, created_at)",
    ])
}
