import Foundation
import HearthCore
import SQLKit

/// The shopping lists alone, for the lists' Gist backup: read as a household backup reads them,
/// restored by its rules.
extension InventoryStore {
    public func listsBackup(householdId: UUID, appVersion: String) async throws -> ListsBackup {
        try await database.transaction { db in
            ListsBackup(appVersion: appVersion, exportDate: self.clock.now, lists: try await Self.backupLists(householdId: householdId, on: db),
                        stores: try await Self.backupStores(householdId: householdId, on: db))
        }
    }

    /// Restores `backup`'s lists by `strategy` in one transaction (with `dryRun` only says what it
    /// would do). Its stores are merged whatever the strategy: a list's replace never takes the
    /// household's stores and their aisle orders away.
    public func restoreLists(_ backup: ListsBackup, householdId: UUID, strategy: RestoreStrategy, dryRun: Bool,
                             warnings: [String] = []) async throws -> RestoreSummary {
        defer { database.listPages.clear() }  // once committed, the lists' cached pages are stale
        let ids = self.ids
        @Sendable func run(write: Bool, on db: any SQLDatabase) async throws -> RestoreSummary {
            var summary = RestoreSummary(strategy: strategy)
            summary.warnings = warnings
            let stores = try await Self.restoreStores(backup.stores, householdId: householdId, strategy: .merge, summary: &summary,
                                                      write: write, ids: ids, on: db)
            try await Self.restoreLists(backup.lists, householdId: householdId, strategy: strategy, stores: stores, summary: &summary,
                                        write: write, ids: ids, on: db)
            return summary
        }
        if dryRun { return try await run(write: false, on: sql) }
        return try await database.transaction { db in try await run(write: true, on: db) }
    }
}
