extension Migration {
    /// Web Push: each person's subscribed devices, what they want pushed, and the queue of pushes
    /// (an outbox written in the transaction of the change that caused them, like webhook deliveries).
    static let push = Migration(number: 18, name: "push", statements: [
        """
        CREATE TABLE push_subscriptions (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            endpoint TEXT NOT NULL UNIQUE,
            p256dh TEXT NOT NULL,
            auth TEXT NOT NULL,
            name TEXT,
            created_at {timestamp} NOT NULL,
            last_push_at {timestamp},
            last_status_code INTEGER,
            last_error TEXT
        )
        """,
        "CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id)",
        """
        CREATE TABLE push_deliveries (
            id {uuid} PRIMARY KEY,
            subscription_id {uuid} NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            topic TEXT,
            payload TEXT NOT NULL,
            urgency TEXT NOT NULL,
            ttl INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at {timestamp},
            expires_at {timestamp} NOT NULL,
            last_status_code INTEGER,
            last_error TEXT,
            created_at {timestamp} NOT NULL
        )
        """,
        "CREATE INDEX push_deliveries_due ON push_deliveries(status, next_attempt_at)",
        "CREATE INDEX push_deliveries_subscription ON push_deliveries(subscription_id, created_at)",
        """
        CREATE TABLE push_settings (
            user_id {uuid} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            settings TEXT NOT NULL,
            updated_at {timestamp} NOT NULL
        )
        """,
        // One row per reminder sent, so each is sent once, also by a cluster's several servers.
        """
        CREATE TABLE push_reminders (
            item_id {uuid} NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
            reminder TEXT NOT NULL,
            sent_at {timestamp} NOT NULL,
            PRIMARY KEY (item_id, reminder)
        )
        """,
    ])
}
