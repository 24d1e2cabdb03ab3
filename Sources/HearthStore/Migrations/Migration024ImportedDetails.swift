extension Migration {
    /// What other apps' files bring: a room's or category's colour, and how many of an item's photos
    /// did not come with it (a Nestory Pro backup names photos without carrying them).
    static let importedDetails = Migration(number: 24, name: "imported details", statements: [
        "ALTER TABLE inventory_groups ADD COLUMN color TEXT",
        "ALTER TABLE inventory_items ADD COLUMN missing_photos INTEGER NOT NULL DEFAULT 0",
    ])
}
