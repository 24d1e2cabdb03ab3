extension Migration {
    /// What other apps' files bring: a room's or category's colour, how many of an item's photos
    /// did not come with it (a Nestory Pro backup names photos without carrying them), the item it
    /// is kept in (no foreign key: an import writes an item before its container; purging clears
    /// the links), and whether it was sold or archived.
    static let importedDetails = Migration(number: 24, name: "imported details", statements: [
        "ALTER TABLE inventory_groups ADD COLUMN color TEXT",
        "ALTER TABLE inventory_items ADD COLUMN missing_photos INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE inventory_items ADD COLUMN container_id {uuid}",
        "ALTER TABLE inventory_items ADD COLUMN disposition TEXT",
        "CREATE INDEX inventory_items_container ON inventory_items (container_id) WHERE container_id IS NOT NULL",
    ])
}
