extension Migration {
    /// Asset ids: each item's short number in its household (``AssetID``), the one its label
    /// shows. The household counts the numbers it gave, so none is given twice, also after its item
    /// is purged. Items already there are numbered in the order they were added.
    static let assetIds = Migration(number: 35, name: "asset ids", statements: [
        "ALTER TABLE inventory_items ADD COLUMN asset_id INTEGER",
        "ALTER TABLE households ADD COLUMN last_asset_id INTEGER NOT NULL DEFAULT 0",
        """
        UPDATE inventory_items SET asset_id = numbered.number
        FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY household_id ORDER BY created_at, id) AS number FROM inventory_items) AS numbered
        WHERE numbered.id = inventory_items.id
        """,
        """
        UPDATE households SET last_asset_id = COALESCE((SELECT MAX(asset_id) FROM inventory_items WHERE household_id = households.id), 0)
        """,
        "CREATE UNIQUE INDEX inventory_items_asset ON inventory_items(household_id, asset_id)",
    ])
}
