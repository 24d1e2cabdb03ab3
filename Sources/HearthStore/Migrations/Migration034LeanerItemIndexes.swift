extension Migration {
    /// Item indexes that leave out the rows they never find: a barcode, room or category look-up
    /// asks for a value, never for none, and most items have no barcode. Every new item cost an
    /// entry in each (a 100,000-item restore wrote 100,000 empty barcodes).
    static let leanerItemIndexes = Migration(number: 34, name: "leaner item indexes", statements: [
        "DROP INDEX inventory_items_by_barcode",
        "CREATE INDEX inventory_items_by_barcode ON inventory_items(household_id, barcode) WHERE barcode IS NOT NULL",
        "DROP INDEX inventory_items_room",
        "CREATE INDEX inventory_items_room ON inventory_items(room_id) WHERE room_id IS NOT NULL",
        "DROP INDEX inventory_items_category",
        "CREATE INDEX inventory_items_category ON inventory_items(category_id) WHERE category_id IS NOT NULL",
    ])
}
