extension Migration {
    /// The client ids of additions that were added up with a line already on the list ("Milk" on
    /// top of "Milk"): the same addition sent again (a phone's outbox after a lost answer) finds its
    /// line instead of adding its quantity a second time. They go with the line.
    static let listItemAliases = Migration(number: 21, name: "list item aliases", statements: [
        """
        CREATE TABLE list_item_aliases (
            id {uuid} PRIMARY KEY,
            item_id {uuid} NOT NULL REFERENCES list_items(id) ON DELETE CASCADE,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX list_item_aliases_item ON list_item_aliases(item_id)",
    ])
}
