extension Migration {
    /// When an inventory item was last edited, as the editing client said: of two devices editing
    /// the same item offline, the later edit stands, whichever reaches the server first.
    static let inventoryItemEdits = Migration(number: 23, name: "inventory item edits", statements: [
        "ALTER TABLE inventory_items ADD COLUMN edited_at {timestamp}",
    ])
}
