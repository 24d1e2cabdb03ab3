extension Migration {
    /// Each webhook's deliveries are numbered in the order their events happened, so they are sent
    /// in that order (a `reset` never arrives before the `phaseStarted` that came first).
    static let webhookOrder = Migration(number: 7, name: "webhook delivery order", statements: [
        "ALTER TABLE webhook_deliveries ADD COLUMN sequence BIGINT NOT NULL DEFAULT 0",
        "CREATE INDEX webhook_deliveries_queue ON webhook_deliveries(webhook_id, status, sequence)",
    ])
}
