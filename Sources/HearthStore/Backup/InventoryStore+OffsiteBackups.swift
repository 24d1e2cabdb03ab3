import Foundation
import HearthCore
import SQLKit

/// How a household's nightly backups leave the server (see `OffsiteBackups` in the server).
public struct OffsiteBackupState: Sendable, Equatable {
    /// Whether the household chose a backup passphrase (off-site copies are encrypted with it).
    public var passphraseSet: Bool
    /// When an upload was last tried, whatever came of it.
    public var triedAt: Date?
    /// When a backup last arrived, and its file name there.
    public var sentAt: Date?
    public var sentName: String?
    /// Why the last try failed (nil: it worked, or none was tried).
    public var error: String?
}

extension InventoryStore {
    public func offsiteBackupState(householdId: UUID) async throws -> OffsiteBackupState {
        guard let row = try await sql.select()
            .columns("backup_passphrase", "offsite_backup_tried_at", "offsite_backup_at", "offsite_backup_name", "offsite_backup_error")
            .from("households").where("id", .equal, householdId).first()
        else { return OffsiteBackupState(passphraseSet: false) }
        return OffsiteBackupState(
            passphraseSet: try row.decode(column: "backup_passphrase", as: String?.self) != nil,
            triedAt: try row.decode(column: "offsite_backup_tried_at", as: Date?.self),
            sentAt: try row.decode(column: "offsite_backup_at", as: Date?.self),
            sentName: try row.decode(column: "offsite_backup_name", as: String?.self),
            error: try row.decode(column: "offsite_backup_error", as: String?.self))
    }

    /// The household's backup passphrase as the server sealed it (nil: none chosen).
    public func sealedBackupPassphrase(householdId: UUID) async throws -> String? {
        try await sql.select().column("backup_passphrase").from("households").where("id", .equal, householdId).first()?
            .decode(column: "backup_passphrase", as: String?.self)
    }

    /// Keeps the household's backup passphrase, sealed by the caller (nil: forget it).
    public func setSealedBackupPassphrase(_ sealed: String?, householdId: UUID) async throws {
        try await sql.update("households").set("backup_passphrase", to: sealed).where("id", .equal, householdId).run()
    }

    /// Notes an off-site upload tried now: `sentName` when the file arrived, `error` when not.
    public func recordOffsiteBackup(householdId: UUID, sentName: String?, error: String?) async throws {
        var update = sql.update("households").set("offsite_backup_tried_at", to: clock.now).set("offsite_backup_error", to: error)
        if let sentName { update = update.set("offsite_backup_at", to: clock.now).set("offsite_backup_name", to: sentName) }
        try await update.where("id", .equal, householdId).run()
    }
}
