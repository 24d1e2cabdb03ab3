extension Migration {
    /// What other apps' files bring: a room's or category's colour, how many of an item's photos
    /// did not come with it (a Nestory Pro backup names photos without carrying them), the item it
    /// is kept in (no foreign key: an import writes an item before its container; purging clears
    /// the links), whether it was sold or archived, and the id its import row has now when that
    /// differs from the item's.
    static let importedDetails = Migration(number: 24, name: "imported details", statements: [
        "ALTER TABLE inventory_groups ADD COLUMN color TEXT",
        "ALTER TABLE inventory_items ADD COLUMN missing_photos INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE inventory_items ADD COLUMN container_id {uuid}",
        "ALTER TABLE inventory_items ADD COLUMN disposition TEXT",
        // The id an imported row has now, when the item was imported under another (an earlier release's).
        "ALTER TABLE inventory_items ADD COLUMN source_id {uuid}",
        "CREATE INDEX inventory_items_source ON inventory_items (household_id, source_id) WHERE source_id IS NOT NULL",
        "CREATE INDEX inventory_items_container ON inventory_items (container_id) WHERE container_id IS NOT NULL",
    ])
}
