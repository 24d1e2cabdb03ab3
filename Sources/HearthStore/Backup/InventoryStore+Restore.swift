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
    /// when anything fails, nothing changed. The items and receipts are planned and written a batch
    /// at a time, as `source` reads them. A photo or receipt may use a file the archive carries
    /// (`archiveFiles`, put in place by `place` under the media lock) or one a photo or receipt of
    /// this household names already: knowing a hash is never enough. With `dryRun` it only says
    /// what it would do.
    public func restore(_ source: some BackupSource, householdId: UUID, strategy: RestoreStrategy, archiveFiles: Set<String>,
                        place: @escaping FilePlacer, dryRun: Bool) async throws -> RestoreOutcome {
        defer {  // once committed: a backup's lists and Focus settings may have replaced these (see ReadCache)
            database.listPages.clear()
            database.timers.clear()
        }
        try await prepare(householdId: householdId)
        let restorer = Restorer(source: source, householdId: householdId, strategy: strategy, archiveFiles: archiveFiles, place: place,
                                ids: ids, now: clock.now, kind: kind, ownerLookups: sql)
        if dryRun { return try await restorer.run(write: false, on: sql) }
        let kind = self.kind
        let outcome = try await database.transaction { db in
            try await Self.startAdding(kind: kind, on: db)
            return try await SyncStore.quietly(householdId: householdId, kind: kind, on: db) { try await restorer.run(write: true, on: db) }
        }
        settleAdding(outcome.summary.items.added)
        return outcome
    }

    /// What the household has now.
    static func restoreContext(householdId: UUID, availableFiles: Set<String>, on db: any SQLDatabase) async throws -> RestoreContext {
        let groups = try await db.select().columns(groupColumns).from("inventory_groups").where("household_id", .equal, householdId).all()
            .map(group(from:))
        func ids(_ table: String) async throws -> Set<UUID> {
            Set(try await db.select().column("id").from(table).where("household_id", .equal, householdId).all()
                .map { try $0.decode(column: "id", as: UUID.self) })
        }
        return RestoreContext(householdId: householdId, groups: groups, owners: [:], itemIds: try await ids("inventory_items"),
                              receiptIds: try await ids("inventory_receipts"), availableFiles: availableFiles)
    }

    /// Which household holds each of these items and their photos.
    static func owners(of items: [HouseholdBackup.Item], on db: any SQLDatabase) async throws -> [UUID: UUID] {
        try await owners(of: [("inventory_items", items.map(\.id)), ("inventory_photos", items.flatMap { $0.photos.map(\.id) })], on: db)
    }

    /// Which household holds each of these ids, rows of each table.
    static func owners(of ids: [(table: String, ids: [UUID])], on db: any SQLDatabase) async throws -> [UUID: UUID] {
        var owners: [UUID: UUID] = [:]
        for (table, all) in ids {
            for chunk in all.chunks(of: 2000) {
                for row in try await db.select().columns("id", "household_id").from(table).where("id", isOneOf: chunk, on: db).all() {
                    owners[try row.decode(column: "id", as: UUID.self)] = try row.decode(column: "household_id", as: UUID.self)
                }
            }
        }
        return owners
    }

    /// A replace's first step: the household's items (with their photos and documents), receipts and the rooms and categories people
    /// added go. Returns the files they used.
    static func clearInventory(householdId: UUID, on db: any SQLDatabase) async throws -> [String] {
        let files = try await filesNamed(householdId: householdId, on: db)
        try await db.delete(from: "inventory_items").where("household_id", .equal, householdId).run()
        try await db.delete(from: "inventory_receipts").where("household_id", .equal, householdId).run()
        try await db.delete(from: "inventory_groups").where("household_id", .equal, householdId).where("is_default", .equal, false).run()
        return Array(files)
    }
}
