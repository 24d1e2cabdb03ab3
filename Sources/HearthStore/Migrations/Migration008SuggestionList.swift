extension Migration {
    /// Suggestions rank names last added to the list being edited first, so "Screws" comes up in
    /// the hardware list and "Milk" in the groceries.
    static let suggestionList = Migration(number: 8, name: "list of a suggestion", statements: [
        "ALTER TABLE list_item_history ADD COLUMN last_list_id {uuid}",
    ])
}
