extension Migration {
    /// Nightly backups sent off the server: the household's backup passphrase (sealed with the
    /// server's key, which the nightly job needs to encrypt them) and how the last off-site upload
    /// went (when it was tried, the file that arrived last, and the error of the last try, if any).
    static let offsiteBackups = Migration(number: 32, name: "off-site backups", statements: [
        "ALTER TABLE households ADD COLUMN backup_passphrase TEXT",
        "ALTER TABLE households ADD COLUMN offsite_backup_tried_at {timestamp}",
        "ALTER TABLE households ADD COLUMN offsite_backup_at {timestamp}",
        "ALTER TABLE households ADD COLUMN offsite_backup_name TEXT",
        "ALTER TABLE households ADD COLUMN offsite_backup_error TEXT",
    ])
}
