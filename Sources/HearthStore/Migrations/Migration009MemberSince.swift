extension Migration {
    /// When each user joined their current household: the member there longest is its owner, who
    /// may remove others. Existing members count from when their account was made.
    static let memberSince = Migration(number: 9, name: "member since", statements: [
        "ALTER TABLE users ADD COLUMN joined_at {timestamp}",
        "UPDATE users SET joined_at = created_at",
    ])
}
