extension Migration {
    /// Shared shopping lists, their items, and what the household has added and bought before
    /// (for suggestions and "most bought").
    static let lists = Migration(number: 5, name: "lists", statements: [
        """
        CREATE TABLE shopping_lists (
            id {uuid} PRIMARY KEY,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            emoji TEXT,
            position INTEGER NOT NULL,
            created_at {timestamp} NOT NULL,
            updated_at {timestamp} NOT NULL,
            deleted_at {timestamp}
        )
        """,
        "CREATE INDEX shopping_lists_household ON shopping_lists(household_id, deleted_at)",
        """
        CREATE TABLE list_items (
            id {uuid} PRIMARY KEY,
            list_id {uuid} NOT NULL REFERENCES shopping_lists(id) ON DELETE CASCADE,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            quantity_amount TEXT,
            quantity_unit TEXT,
            note TEXT,
            purchased {bool} NOT NULL,
            changed_at {timestamp} NOT NULL,
            created_at {timestamp} NOT NULL,
            updated_at {timestamp} NOT NULL
        )
        """,
        "CREATE INDEX list_items_list ON list_items(list_id, purchased)",
        "CREATE INDEX list_items_household ON list_items(household_id)",
        """
        CREATE TABLE list_item_history (
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            name_key TEXT NOT NULL,
            name TEXT NOT NULL,
            added_count INTEGER NOT NULL,
            purchased_count INTEGER NOT NULL,
            last_used_at {timestamp} NOT NULL,
            PRIMARY KEY (household_id, name_key)
        )
        """,
    ])
}
