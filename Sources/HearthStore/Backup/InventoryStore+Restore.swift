import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// What a restore did, beyond its summary: work the server still has to do.
    public struct RestoreOutcome: Sendable {
        public var summary: RestoreSummary
        /// Restored receipts whose image is still to be read.
        public var receiptsToRead: [(id: UUID, sha256: String)]
        /// Files the cleared rows of a replace used; the caller removes those nothing refers to now.
        public var releasedFiles: [String]
    }

    /// Restores a backup into the household by `strategy` (``RestorePlan``), in one transaction:
    /// when anything fails, nothing changed. `availableFiles` are the files photos and receipts may
    /// use (in the archive, already stored). With `dryRun` it only says what it would do.
    public func restore(_ backup: HouseholdBackup, householdId: UUID, strategy: RestoreStrategy, availableFiles: Set<String>,
                        dryRun: Bool) async throws -> RestoreOutcome {
        defer {  // once committed: a backup's lists and Focus settings may have replaced these (see ReadCache)
            database.listPages.clear()
            database.timers.clear()
        }
        try await prepare(householdId: householdId)
        let ids = self.ids, now = clock.now, kind = self.kind
        @Sendable func plan(on db: any SQLDatabase) async throws -> RestorePlan {
            let context = try await Self.restoreContext(backup, householdId: householdId, availableFiles: availableFiles, on: db)
            return try RestorePlan(backup: backup, context: context, strategy: strategy, ids: ids)
        }
        /// Claims, lists and members, after the inventory: counted only, or written too.
        @Sendable func restoreTheRest(_ summary: inout RestoreSummary, itemIds: [UUID: UUID], write: Bool, on db: any SQLDatabase) async throws {
            if let claims = backup.claims {
                try await Self.restoreClaims(claims, householdId: householdId, strategy: strategy, itemIds: itemIds, summary: &summary, write: write,
                                             ids: ids, on: db)
            }
            if let lists = backup.lists {
                try await Self.restoreLists(lists, householdId: householdId, strategy: strategy, summary: &summary, write: write, ids: ids, on: db)
            }
            if let members = backup.members {
                try await Self.restoreMembers(members, householdId: householdId, strategy: strategy, now: now, summary: &summary, write: write, on: db)
            }
        }
        if dryRun {
            let plan = try await plan(on: sql)
            var summary = plan.summary
            try await restoreTheRest(&summary, itemIds: plan.restoredIds, write: false, on: sql)
            return RestoreOutcome(summary: summary, receiptsToRead: [], releasedFiles: [])
        }
        return try await database.transaction { db in
            let plan = try await plan(on: db)
            let released = strategy == .replace ? try await Self.clearInventory(householdId: householdId, on: db) : []
            try await Self.apply(plan, householdId: householdId, now: now, on: db, kind: kind)
            var summary = plan.summary
            try await restoreTheRest(&summary, itemIds: plan.restoredIds, write: true, on: db)
            let toRead = plan.receipts.filter { $0.status == .reading }.compactMap { receipt in receipt.image.map { (receipt.id, $0.sha256) } }
            return RestoreOutcome(summary: summary, receiptsToRead: toRead, releasedFiles: released)
        }
    }

    /// What the household has now, and who holds the backup's ids.
    static func restoreContext(_ backup: HouseholdBackup, householdId: UUID, availableFiles: Set<String>, on db: any SQLDatabase) async throws -> RestoreContext {
        let groups = try await db.select().columns(groupColumns).from("inventory_groups").where("household_id", .equal, householdId).all()
            .map(group(from:))
        func ids(_ table: String) async throws -> Set<UUID> {
            Set(try await db.select().column("id").from(table).where("household_id", .equal, householdId).all()
                .map { try $0.decode(column: "id", as: UUID.self) })
        }
        var owners: [UUID: UUID] = [:]
        let wanted: [(String, [UUID])] = [
            ("inventory_groups", backup.rooms.map(\.id) + backup.categories.map(\.id)), ("inventory_items", backup.items.map(\.id)),
            ("inventory_photos", backup.items.flatMap { $0.photos.map(\.id) }), ("inventory_receipts", backup.receipts.map(\.id)),
        ]
        for (table, all) in wanted {
            for chunk in all.chunks(of: 2000) {
                for row in try await db.select().columns("id", "household_id").from(table).where("id", .in, chunk).all() {
                    owners[try row.decode(column: "id", as: UUID.self)] = try row.decode(column: "household_id", as: UUID.self)
                }
            }
        }
        return RestoreContext(householdId: householdId, groups: groups, owners: owners, itemIds: try await ids("inventory_items"),
                              receiptIds: try await ids("inventory_receipts"), availableFiles: availableFiles)
    }

    /// A replace's first step: the household's items, receipts and the rooms and categories people
    /// added go. Returns the files they used.
    static func clearInventory(householdId: UUID, on db: any SQLDatabase) async throws -> [String] {
        var files = try await db.select().distinct().column("sha256").from("inventory_photos").where("household_id", .equal, householdId).all()
            .map { try $0.decode(column: "sha256", as: String.self) }
        files += try await db.select().distinct().column("image_sha256").from("inventory_receipts").where("household_id", .equal, householdId)
            .where("image_sha256", .isNot, SQLLiteral.null).all().map { try $0.decode(column: "image_sha256", as: String.self) }
        try await db.delete(from: "inventory_items").where("household_id", .equal, householdId).run()
        try await db.delete(from: "inventory_receipts").where("household_id", .equal, householdId).run()
        try await db.delete(from: "inventory_groups").where("household_id", .equal, householdId).where("is_default", .equal, false).run()
        return Array(Set(files))
    }
}
