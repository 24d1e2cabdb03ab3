extension Migration {
    /// The inventory's lock: each account's choice (NULL off, 0 immediately when the app is hidden,
    /// else minutes without use), and per session when its locked pages were last used (NULL:
    /// locked). The lock is off until chosen; sessions from before count as used when last seen.
    static let inventoryLock = Migration(number: 28, name: "inventory lock", statements: [
        "ALTER TABLE users ADD COLUMN inventory_lock_minutes INTEGER",
        "ALTER TABLE sessions ADD COLUMN inventory_used_at {timestamp}",
        "UPDATE sessions SET inventory_used_at = last_seen_at",
    ])
}
