extension Migration {
    /// Lists in aisle order. An item has a category (NULL on items added before: read as the
    /// dictionary says), a place among the items of its category (copied from the list's manual
    /// order when it is added) and the stores it is only found at (their ids, comma-separated;
    /// NULL: any store). The household's history of a name keeps what it taught (the category and
    /// stores it moved the name to) and the quantity last added. A list keeps its manual order by
    /// name, so a name bought and added again goes back to its place. A household has stores, each
    /// with its own aisle order (the categories' names, comma-separated); a list may have a usual
    /// store.
    static let aisles = Migration(number: 31, name: "aisles", statements: [
        "ALTER TABLE list_items ADD COLUMN category TEXT",
        "ALTER TABLE list_items ADD COLUMN position INTEGER",
        "ALTER TABLE list_items ADD COLUMN only_at TEXT",
        "ALTER TABLE list_item_history ADD COLUMN category TEXT",
        "ALTER TABLE list_item_history ADD COLUMN only_at TEXT",
        "ALTER TABLE list_item_history ADD COLUMN quantity_amount TEXT",
        "ALTER TABLE list_item_history ADD COLUMN quantity_unit TEXT",
        """
        CREATE TABLE list_item_order (
            list_id {uuid} NOT NULL REFERENCES shopping_lists(id) ON DELETE CASCADE,
            name_key TEXT NOT NULL,
            position INTEGER NOT NULL,
            PRIMARY KEY (list_id, name_key)
        )
        """,
        """
        CREATE TABLE shopping_stores (
            id {uuid} PRIMARY KEY,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            aisles TEXT NOT NULL,
            position INTEGER NOT NULL,
            created_at {timestamp} NOT NULL,
            updated_at {timestamp} NOT NULL
        )
        """,
        "CREATE INDEX shopping_stores_household ON shopping_stores(household_id, position)",
        "ALTER TABLE shopping_lists ADD COLUMN store_id {uuid} REFERENCES shopping_stores(id) ON DELETE SET NULL",
    ])
}
