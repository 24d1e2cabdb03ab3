import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// Asset ids on both backends: given in order per household, never twice, kept from files and
/// backups when free, and found by search.
@Suite struct AssetIdStoreTests {
    @Test(arguments: Backend.available)
    func itemsAreNumberedInOrderAndANumberIsNeverGivenAgain(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let drill = try await ada.add("Drill"), lamp = try await ada.add("Lamp"), sofa = try await ada.add("Sofa")
            #expect([drill, lamp, sofa].map(\.assetId) == [AssetID(1), AssetID(2), AssetID(3)])
            try await ada.store.deleteItem(id: sofa.id, householdId: ada.home)
            try await ada.store.purgeItem(id: sofa.id, householdId: ada.home)
            let copy = try await ada.store.duplicateItem(id: drill.id, newId: nil, householdId: ada.home).item
            #expect(copy.assetId == AssetID(4))
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            #expect(try await bob.add("Kettle").assetId == AssetID(1), "each household counts its own")

            for search in ["000-002", "asset:2", "#2", "lamp asset:000-002"] {
                var query = ItemQuery(text: search)
                try await ada.store.applySearchFilters(to: &query, householdId: ada.home, today: CalendarDate(iso: "2026-12-06")!)
                #expect(try await ada.store.items(householdId: ada.home, query).items.map(\.name) == ["Lamp"], "\(search)")
            }
        }
    }

    @Test(arguments: Backend.available)
    func itemsAddedAtOnceGetDistinctNumbers(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            // Twice the connections a pool has per event loop: some wait for a connection, some for the count.
            let numbers = try await withThrowingTaskGroup(of: AssetID?.self) { group in
                for index in 0..<8 {
                    group.addTask { try await ada.store.createItem(id: nil, householdId: ada.home, ItemDetails(name: "Box \(index)")).item.assetId }
                }
                return try await group.reduce(into: [AssetID?]()) { $0.append($1) }
            }
            #expect(Set(numbers.compactMap { $0?.number }) == Set(1...8))
        }
    }

    @Test(arguments: Backend.available)
    func anImportKeepsAFileAssetIdWhenFreeAndNumbersTheRest(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let drill = try await ada.add("Drill")
            func row(_ line: Int, _ name: String, asset: Int?, id: UUID = UUID()) -> ImportedItem {
                var item = ImportedItem(line: line, id: id, details: ItemDetails(name: name), roomName: nil, categoryName: nil)
                item.assetId = asset.map(AssetID.init)
                return item
            }
            let rows = [row(2, "Saw", asset: 7), row(3, "Hammer", asset: 7), row(4, "Level", asset: 1), row(5, "Tape", asset: nil)]
            _ = try await ada.store.importItems(ImportedFile(items: rows, problems: []), householdId: ada.home, dryRun: false)
            let items = try await ada.store.items(householdId: ada.home, ItemQuery(sort: .name)).items
            #expect(Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.assetId?.number) })
                    == ["Drill": 1, "Saw": 7, "Hammer": 8, "Level": 9, "Tape": 10])
            #expect(try await ada.add("Glue").assetId == AssetID(11))
            // The same item imported again with the number its other app gave it takes it when free.
            _ = try await ada.store.importItems(ImportedFile(items: [row(2, "Drill", asset: 30, id: drill.id)], problems: []),
                                                householdId: ada.home, dryRun: false)
            #expect(try await ada.store.item(id: drill.id, householdId: ada.home)?.assetId == AssetID(30))
            let taken = try await ada.store.importItems(ImportedFile(items: [row(2, "Drill", asset: 7, id: drill.id)], problems: []),
                                                        householdId: ada.home, dryRun: false)
            #expect(taken.skipped == 1 && taken.updated == 0, "Saw has 7")
            #expect(try await ada.store.item(id: drill.id, householdId: ada.home)?.assetId == AssetID(30))
        }
    }

    @Test(arguments: Backend.available)
    func aRestoreKeepsTheBackupsNumbersWhereTheyAreFree(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            _ = try await ada.add("Drill")
            _ = try await ada.add("Lamp")
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            #expect(backup.items.compactMap(\.assetId) == [AssetID(1), AssetID(2)])
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            _ = try await bob.store.restore(backup, householdId: bob.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            let restored = try await bob.store.items(householdId: bob.home, ItemQuery(sort: .name)).items
            #expect(restored.map { "\($0.name) \($0.assetId?.text ?? "")" } == ["Drill 000-001", "Lamp 000-002"])
            #expect(try await bob.add("Kettle").assetId == AssetID(3))

            let carol = try await InventoryFixture.make(database, email: "carol@example.org", clock: ada.clock)
            _ = try await carol.add("Mop")
            _ = try await carol.store.restore(backup, householdId: carol.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            let merged = try await carol.store.items(householdId: carol.home, ItemQuery(sort: .name)).items
            #expect(merged.map { "\($0.name) \($0.assetId?.text ?? "")" } == ["Drill 000-002", "Lamp 000-003", "Mop 000-001"])
            // A replace clears the household first: the backup's numbers are free again.
            _ = try await carol.store.restore(backup, householdId: carol.home, strategy: .replace, archiveFiles: [], place: { _ in }, dryRun: false)
            let replaced = try await carol.store.items(householdId: carol.home, ItemQuery(sort: .name)).items
            #expect(replaced.map { "\($0.name) \($0.assetId?.text ?? "")" } == ["Drill 000-001", "Lamp 000-002"])
            #expect(try await carol.add("Bucket").assetId == AssetID(4), "the count goes on from the highest given")
        }
    }

    /// More items than one batch: each batch is inserted while the next is planned (on SQLite and
    /// PostgreSQL alike the transaction's connection runs one statement at a time).
    @Test(arguments: Backend.available)
    func aBackupOfSeveralBatchesRestoresWholeWithItsNumbers(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let rows = (0..<2_500).map { index in
                ImportedItem(line: index + 2, id: UUID(), details: ItemDetails(name: "Jar \(index)", tags: index % 2 == 0 ? ["Pantry"] : []),
                             roomName: index % 3 == 0 ? "Kitchen" : nil, categoryName: nil)
            }
            _ = try await ada.store.importItems(ImportedFile(items: rows, problems: []), householdId: ada.home, dryRun: false)
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            let outcome = try await bob.store.restore(backup, householdId: bob.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            #expect(outcome.summary.items == .init(added: 2_500))
            let restored = try await bob.store.backup(householdId: bob.home, appVersion: "test")
            #expect(Set(restored.items.map { "\($0.name) \($0.assetId?.text ?? "") \($0.tags)" })
                    == Set(backup.items.map { "\($0.name) \($0.assetId?.text ?? "") \($0.tags)" }))
            #expect(try await bob.add("Lid").assetId == AssetID(2_501))
        }
    }

    @Test(arguments: Backend.available)
    func theMigrationNumbersItemsAlreadyThereInTheOrderTheyWereAdded(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            let first = try await ada.add("First"), other = try await bob.add("Other"), second = try await ada.add("Second")
            // As a database from before asset ids was: no numbers, no count.
            try await database.run("UPDATE inventory_items SET asset_id = NULL")
            try await database.run("UPDATE households SET last_asset_id = 0")
            for statement in Migration.assetIds.sql(for: backend == .sqlite ? .sqlite : .postgres).dropFirst(2).dropLast() {
                try await database.run(statement)
            }
            #expect(try await ada.store.item(id: first.id, householdId: ada.home)?.assetId == AssetID(1))
            #expect(try await ada.store.item(id: second.id, householdId: ada.home)?.assetId == AssetID(2))
            #expect(try await bob.store.item(id: other.id, householdId: bob.home)?.assetId == AssetID(1))
            #expect(try await ada.add("Third").assetId == AssetID(3))
        }
    }
}
