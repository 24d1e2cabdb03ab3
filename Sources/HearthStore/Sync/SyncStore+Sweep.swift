import Foundation
import HearthCore
import SQLKit

extension SyncStore {
    /// The hourly upkeep: stamps what every household noted (so notes never pile up for a
    /// household no client syncs), forgets deletions older than ``SyncRules/tombstonesKept`` and
    /// pushes' results older than ``SyncRules/mutationsKept``, and drops the rows of households
    /// that are gone.
    public func sweep(now: Date) async throws {
        for row in try await database.sql.raw("SELECT DISTINCT household_id FROM sync_pending").all() {
            try await stamp(householdId: try row.decode(column: "household_id", as: UUID.self))
        }
        let before = now - SyncRules.tombstonesKept
        for row in try await database.sql.raw("""
            SELECT DISTINCT household_id FROM sync_changes WHERE deleted AND changed_at < \(SQLTimestamp(before))
            """).all() {
            try await forgetDeletions(householdId: try row.decode(column: "household_id", as: UUID.self), before: before)
        }
        try await database.sql.raw("DELETE FROM sync_mutations WHERE created_at < \(SQLTimestamp(now - SyncRules.mutationsKept))").run()
        for table in ["sync_pending", "sync_changes", "sync_heads"] {
            try await database.sql.raw("""
                DELETE FROM \(unsafeRaw: table) WHERE household_id NOT IN (SELECT id FROM households)
                """).run()
        }
    }

    /// Forgets the household's deletions stamped before `before`. A cursor from before the newest
    /// of them starts over (``page(householdId:userId:after:limit:)``).
    public func forgetDeletions(householdId: UUID, before: Date) async throws {
        try await database.transaction { db in
            let forgotten = try await db.raw("""
                DELETE FROM sync_changes WHERE household_id = \(bind: householdId) AND deleted AND changed_at < \(SQLTimestamp(before))
                RETURNING version
                """).all().map { try $0.decode(column: "version", as: Int64.self) }
            guard let newest = forgotten.max() else { return }
            try await db.raw("""
                UPDATE sync_heads SET forgotten = \(bind: newest) WHERE household_id = \(bind: householdId) AND forgotten < \(bind: newest)
                """).run()
        }
    }
}
