import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// How many nightly backups the household keeps (0: none are made).
    public func backupsKept(householdId: UUID) async throws -> Int {
        try await sql.select().column("backups_kept").from("households").where("id", .equal, householdId).first()?
            .decode(column: "backups_kept", as: Int.self) ?? 0
    }

    /// Sets how many nightly backups to keep: 0 to stop them, up to ``maximumBackupsKept``.
    public func setBackupsKept(_ count: Int, householdId: UUID) async throws {
        guard (0...Self.maximumBackupsKept).contains(count) else { throw BackupError.invalidKeepCount }
        try await sql.update("households").set("backups_kept", to: count).where("id", .equal, householdId).run()
    }

    public static let maximumBackupsKept = 90

    /// Households whose nightly backup is due: they keep backups and have none from the last 23 hours.
    public func householdsDueForBackup() async throws -> [(id: UUID, kept: Int)] {
        let cutoff = clock.now - 23 * 3600
        return try await sql.select().columns("id", "backups_kept").from("households").where("backups_kept", .greaterThan, 0)
            .where { $0.where("last_backup_at", .is, SQLLiteral.null).orWhere("last_backup_at", .lessThan, cutoff) }.all()
            .map { (try $0.decode(column: "id", as: UUID.self), try $0.decode(column: "backups_kept", as: Int.self)) }
    }

    /// Notes that the household's backup was made now.
    public func recordBackup(householdId: UUID) async throws {
        try await sql.update("households").set("last_backup_at", to: clock.now).where("id", .equal, householdId).run()
    }
}
