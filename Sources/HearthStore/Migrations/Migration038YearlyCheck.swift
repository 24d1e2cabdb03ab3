extension Migration {
    /// The yearly check: the day someone last saw each item (none: not since it was added), the day
    /// the household last checked anything, and whether its score counts items not seen in a year.
    static let yearlyCheck = Migration(number: 38, name: "yearly check", statements: [
        "ALTER TABLE inventory_items ADD COLUMN verified_on TEXT",
        "ALTER TABLE households ADD COLUMN last_checked_on TEXT",
        "ALTER TABLE households ADD COLUMN check_in_score {bool} NOT NULL DEFAULT FALSE",
    ])
}
