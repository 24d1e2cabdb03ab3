extension Migration {
    /// What was added to each shared list since its members were last told (Web Push's "Ada added
    /// 3 items to Groceries"): gathered for a minute after the first addition, and told at most once
    /// every 10 minutes a list.
    static let listPushes = Migration(number: 19, name: "list pushes", statements: [
        """
        CREATE TABLE push_list_additions (
            list_id {uuid} PRIMARY KEY REFERENCES shopping_lists(id) ON DELETE CASCADE,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            added INTEGER NOT NULL,
            adders TEXT NOT NULL,
            item_names TEXT NOT NULL,
            due_at {timestamp},
            last_sent_at {timestamp}
        )
        """,
        "CREATE INDEX push_list_additions_due ON push_list_additions(due_at)",
    ])
}
