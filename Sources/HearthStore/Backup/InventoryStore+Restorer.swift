import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// One restore, planned and (with `write`) written a batch at a time as its source reads the
    /// backup: what it holds is the plan's maps of ids, never the backup whole.
    struct Restorer<Source: BackupSource>: Sendable {
        let source: Source
        let householdId: UUID
        let strategy: RestoreStrategy
        let archiveFiles: Set<String>
        let place: FilePlacer
        let ids: IDGenerator
        let now: Date
        let kind: DatabaseKind
        /// Where the owners of a batch's ids are looked up while the transaction inserts the batch
        /// before it (nil: on the transaction). Rows the transaction wrote are not seen there, but
        /// the plan knows those.
        let ownerLookups: (any SQLDatabase)?

        func run(write: Bool, on db: any SQLDatabase) async throws -> RestoreOutcome {
            let outline = source.outline
            let named = try await InventoryStore.filesNamed(householdId: householdId, on: db)
            var context = try await InventoryStore.restoreContext(householdId: householdId, availableFiles: archiveFiles.union(named), on: db)
            context.owners = try await InventoryStore.owners(of: [("inventory_groups", (outline.rooms + outline.categories).map(\.id))], on: db)
            var plan = try RestorePlan(outline: outline, context: context, strategy: strategy, ids: ids)
            var released: [String] = []
            if write {
                if strategy == .replace {
                    released = try await InventoryStore.clearInventory(householdId: householdId, on: db)
                    try await db.update("households").set("currency", to: plan.householdCurrency).where("id", .equal, householdId).run()
                }
                try await InventoryStore.writeGroups(plan.takeNewGroups(), updates: plan.groupUpdates, householdId: householdId, now: now, on: db)
            }
            // A batch's rows are inserted while the next batch is planned and its rows made, and on
            // PostgreSQL while its owners are looked up on another connection (a connection runs one
            // statement at a time: SQLite's are looked up on the transaction's first).
            var added: [UUID] = [], ready: [BulkRows] = []
            var numbering = write ? try await InventoryStore.assetNumbering(householdId: householdId, on: db) : AssetNumbering(last: 0, used: [])
            try await source.items { batch in
                guard write else {
                    plan.learnOwners(try await InventoryStore.owners(of: batch, on: db))
                    _ = try plan.items(batch)
                    return
                }
                if ownerLookups == nil { plan.learnOwners(try await InventoryStore.owners(of: batch, on: db)) }
                let (writes, rows) = try await InventoryStore.whileInserting(ready, on: db) {
                    if let ownerLookups { plan.learnOwners(try await InventoryStore.owners(of: batch, on: ownerLookups)) }
                    let writes = try plan.items(batch)
                    return (writes, InventoryStore.restoredItemRows(writes, householdId: householdId, numbering: &numbering))
                }
                try await InventoryStore.writeGroups(plan.takeNewGroups(), householdId: householdId, now: now, on: db)
                try await placeFiles(writes.flatMap { $0.photos.map(\.file.sha256) }, on: db)
                ready = rows
                added += writes.map(\.id)
            }
            try await ready.insert(on: db)
            if write { try await InventoryStore.saveAssetNumbering(numbering, householdId: householdId, on: db) }
            let containers = plan.containers()
            if write { try await InventoryStore.setContainers(containers, householdId: householdId, on: db, kind: kind) }
            let addedSet = Set(added)
            var linked = Set<UUID>(), toRead: [(id: UUID, sha256: String)] = []
            try await source.receipts { batch in
                plan.learnOwners(try await InventoryStore.owners(of: [("inventory_receipts", batch.map(\.id))], on: db))
                let writes = try plan.receipts(batch)
                guard write else { return }
                try await placeFiles(writes.compactMap(\.image?.sha256), on: db)
                try await InventoryStore.insertReceipts(writes, householdId: householdId, on: db)
                linked.formUnion(writes.flatMap(\.itemIds))
                toRead += writes.filter { $0.status == .reading }.compactMap { receipt in receipt.image.map { (receipt.id, $0.sha256) } }
            }
            var summary = plan.finalSummary
            summary.warnings.insert(contentsOf: source.notes, at: 0)
            if write && !linked.isEmpty {
                try await InventoryStore.recountReceipts(forItems: linked.filter { !addedSet.contains($0) }, at: now, on: db)
                try await InventoryStore.recountReceipts(householdId: householdId, on: db)
                // Their receipts' texts make items findable too.
                for chunk in Array(linked).chunks(of: 500) { try await InventoryStore.refreshSearch(chunk, on: db, kind: kind) }
            }
            if write {
                try await InventoryStore.finishAdding(householdId: householdId, kind: kind, on: db)
                try await InventoryStore.restoreCheck(outline.household, householdId: householdId, strategy: strategy, on: db)
            }
            try await restoreTheRest(outline, summary: &summary, itemIds: plan.restoredIds, files: archiveFiles.union(named), write: write, on: db)
            return RestoreOutcome(summary: summary, receiptsToRead: toRead, releasedFiles: released)
        }

        /// Puts in place, under the media lock, the files of the archive rows are about to name.
        private func placeFiles(_ files: [String], on db: any SQLDatabase) async throws {
            try await InventoryStore.place(files.filter(archiveFiles.contains), with: place, on: db, kind: kind)
        }

        /// Documents, claims, maintenance, stores, lists, what the household taught about names, and
        /// members, after the inventory: counted only, or written too. `files` are those the archive
        /// has or the household kept already.
        private func restoreTheRest(_ outline: HouseholdBackup, summary: inout RestoreSummary, itemIds: [UUID: UUID], files: Set<String>,
                                    write: Bool, on db: any SQLDatabase) async throws {
            if let documents = outline.documents {
                try await InventoryStore.restoreDocuments(documents, householdId: householdId, itemIds: itemIds, available: files, summary: &summary,
                                                          write: write, ids: ids, now: now, on: db) { try await placeFiles($0, on: db) }
            }
            if let claims = outline.claims {
                try await InventoryStore.restoreClaims(claims, householdId: householdId, strategy: strategy, itemIds: itemIds, summary: &summary,
                                                       write: write, ids: ids, on: db)
            }
            if let maintenance = outline.maintenance {
                try await InventoryStore.restoreMaintenance(maintenance, householdId: householdId, itemIds: itemIds,
                                                            write: write, ids: ids, on: db)
            }
            let stores = try await InventoryStore.restoreStores(outline.stores ?? [], householdId: householdId, strategy: strategy,
                                                                summary: &summary, write: write, ids: ids, on: db)
            if let lists = outline.lists {
                try await InventoryStore.restoreLists(lists, householdId: householdId, strategy: strategy, stores: stores, summary: &summary,
                                                      write: write, ids: ids, on: db)
            }
            if let names = outline.taughtNames, write {
                try await InventoryStore.restoreTaughtNames(names, householdId: householdId, strategy: strategy, stores: stores, now: now, on: db)
            }
            if let members = outline.members {
                try await InventoryStore.restoreMembers(members, householdId: householdId, strategy: strategy, now: now, summary: &summary,
                                                        write: write, on: db)
            }
        }
    }
}
