extension Migration {
    /// When an item's name, quantity or note was last edited, as the editing client said: of two
    /// devices editing the same item offline, the later edit stands, whichever reaches the server first.
    static let itemEdits = Migration(number: 22, name: "item edits", statements: [
        "ALTER TABLE list_items ADD COLUMN edited_at {timestamp}",
    ])
}
