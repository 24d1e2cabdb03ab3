extension Migration {
    /// Nightly backups of a household: how many to keep (0: none are made) and when the last one was made.
    static let backupSchedule = Migration(number: 11, name: "backup schedule", statements: [
        "ALTER TABLE households ADD COLUMN backups_kept INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE households ADD COLUMN last_backup_at {timestamp}",
    ])
}
