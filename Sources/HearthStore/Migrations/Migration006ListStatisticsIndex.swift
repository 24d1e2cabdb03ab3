extension Migration {
    /// List statistics count a household's items per list; with the purchased flag in the index
    /// that is an index-only scan in list order, also for 100,000 items. It covers what the
    /// household index did.
    static let listStatisticsIndex = Migration(number: 6, name: "list statistics index", statements: [
        "CREATE INDEX list_items_household_list ON list_items(household_id, list_id, purchased)",
        "DROP INDEX list_items_household",
    ])
}
