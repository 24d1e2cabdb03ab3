extension Migration {
    /// When each user joined their current household (the member there longest is its owner, who
    /// may remove others), and whether their time zone came from them or their device rather than
    /// the default. Existing members count from the invite they used, else from their account.
    static let memberSince = Migration(number: 9, name: "member since, time zone set", statements: [
        "ALTER TABLE users ADD COLUMN joined_at {timestamp}",
        """
        UPDATE users SET joined_at = COALESCE(
            (SELECT MAX(used_at) FROM invites WHERE used_by = users.id AND household_id = users.household_id), created_at)
        """,
        "ALTER TABLE users ADD COLUMN time_zone_set {bool} NOT NULL DEFAULT FALSE",
        "UPDATE users SET time_zone_set = TRUE WHERE time_zone <> 'UTC'",
    ])
}
