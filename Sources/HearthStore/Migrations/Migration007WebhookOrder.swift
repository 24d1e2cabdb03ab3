extension Migration {
    /// Each webhook's deliveries are numbered in the order their events happened, so they are sent
    /// in that order (a `reset` never arrives before the `phaseStarted` that came first).
    static let webhookOrder = Migration(number: 7, name: "webhook delivery order", statements: [
        "ALTER TABLE webhook_deliveries ADD COLUMN sequence BIGINT NOT NULL DEFAULT 0",
        // Deliveries already queued are numbered in the order they were made.
        """
        UPDATE webhook_deliveries SET sequence = (
            SELECT COUNT(*) FROM webhook_deliveries e WHERE e.webhook_id = webhook_deliveries.webhook_id
            AND (e.created_at < webhook_deliveries.created_at OR (e.created_at = webhook_deliveries.created_at AND e.id <= webhook_deliveries.id)))
        """,
        "CREATE INDEX webhook_deliveries_queue ON webhook_deliveries(webhook_id, status, sequence)",
    ])
}
