import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// Imports into the inventory on both backends: previewed, one transaction, and the same file twice
/// changes nothing the second time.
@Suite struct InventoryImportTests {
    static func row(_ line: Int, _ name: String, id: UUID, room: String? = nil, price: Int? = nil) -> ImportedItem {
        ImportedItem(line: line, id: id, details: ItemDetails(name: name, purchasePrice: price.map(InventoryFixture.usd)), roomName: room, categoryName: nil)
    }

    static let drill = UUID(), mixer = UUID()
    static let file = [row(2, "Drill", id: drill, room: "Garage", price: 129), row(3, "Mixer", id: mixer, room: "Pantry")]

    @Test(arguments: Backend.available)
    func aPreviewChangesNothingAndTheImportDoesWhatItSaid(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let problems = [ImportProblem(line: 4, reason: "the purchase date “x” is not a date")]
            let preview = try await inventory.store.importItems(ImportedFile(items: Self.file, problems: problems), householdId: inventory.home, dryRun: true)
            #expect(preview.created == 2 && preview.roomsCreated == ["Pantry"] && preview.problems == problems)
            #expect(try await inventory.store.items(householdId: inventory.home, ItemQuery()).total == 0)
            #expect(try await inventory.store.groups(.room, householdId: inventory.home).count == 12)
            let report = try await inventory.store.importItems(ImportedFile(items: Self.file, problems: problems), householdId: inventory.home, dryRun: false)
            #expect(report == preview)
            let drill = try #require(try await inventory.store.item(id: Self.drill, householdId: inventory.home))
            #expect(drill.roomId == inventory.room("Garage") && drill.purchasePrice == InventoryFixture.usd(129))
            #expect(try await inventory.store.items(householdId: inventory.home, ItemQuery(text: "mix")).items.map(\.name) == ["Mixer"])
        }
    }

    @Test(arguments: Backend.available)
    func theSameFileTwiceChangesNothingAndAChangedRowUpdatesItsItem(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            _ = try await inventory.store.importItems(ImportedFile(items: Self.file, problems: []), householdId: inventory.home, dryRun: false)
            let before = try await inventory.store.item(id: Self.drill, householdId: inventory.home)
            inventory.clock.advance(by: 60)
            let again = try await inventory.store.importItems(ImportedFile(items: Self.file, problems: []), householdId: inventory.home, dryRun: false)
            #expect(again.created == 0 && again.updated == 0 && again.skipped == 2 && again.roomsCreated.isEmpty)
            #expect(try await inventory.store.item(id: Self.drill, householdId: inventory.home) == before)
            var changed = Self.file
            changed[0].details.purchasePrice = InventoryFixture.usd(99)
            let updated = try await inventory.store.importItems(ImportedFile(items: changed, problems: []), householdId: inventory.home, dryRun: false)
            #expect(updated.updated == 1 && updated.skipped == 1)
            #expect(try await inventory.store.item(id: Self.drill, householdId: inventory.home)?.purchasePrice == InventoryFixture.usd(99))
            #expect(try await inventory.store.items(householdId: inventory.home, ItemQuery()).total == 2)
        }
    }

    @Test(arguments: Backend.available)
    func aLargeFileIsImportedSearchableAndReadBackPageByPage(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            // More rows than one statement and one export page take.
            let inventory = try await InventoryFixture.make(database)
            let rows = (0..<2_500).map { index in
                ImportedItem(line: index + 2, id: UUID(), details: ItemDetails(name: "Lamp \(index)", tags: index % 3 == 0 ? ["Attic"] : []),
                             roomName: index % 2 == 0 ? "Garage" : nil, categoryName: nil)
            }
            let report = try await inventory.store.importItems(ImportedFile(items: rows, problems: []), householdId: inventory.home, dryRun: false)
            #expect(report.created == 2_500)
            var read: [InventoryItem] = [], cursor: String?
            repeat {
                let page = try await inventory.store.exportPage(householdId: inventory.home, ItemQuery(cursor: cursor))
                read += page.items
                cursor = page.nextCursor
            } while cursor != nil
            #expect(read.count == 2_500 && Set(read.map(\.id)) == Set(rows.map(\.id)))
            #expect(read.filter { $0.tags == ["Attic"] }.count == 834 && read.filter { $0.roomId == inventory.room("Garage") }.count == 1_250)
            #expect(try await inventory.store.items(householdId: inventory.home, ItemQuery(text: "lamp 1234")).items.map(\.name) == ["Lamp 1234"])
            #expect(try await inventory.store.items(householdId: inventory.home, ItemQuery(tag: "attic")).total == 834)
        }
    }

    @Test(arguments: Backend.available)
    func twoHouseholdsImportTheSameFileEachIntoTheirOwn(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            _ = try await ada.store.importItems(ImportedFile(items: Self.file, problems: []), householdId: ada.home, dryRun: false)
            let first = try await bob.store.importItems(ImportedFile(items: Self.file, problems: []), householdId: bob.home, dryRun: false)
            let second = try await bob.store.importItems(ImportedFile(items: Self.file, problems: []), householdId: bob.home, dryRun: false)
            #expect(first.created == 2 && second.skipped == 2)
            #expect(try await bob.store.items(householdId: bob.home, ItemQuery()).total == 2)
            #expect(try await ada.store.items(householdId: ada.home, ItemQuery()).total == 2)
            #expect(try await bob.store.item(id: Self.drill, householdId: bob.home) == nil) // Ada's id stays Ada's
        }
    }

    @Test(arguments: Backend.available)
    func aRowAnEarlierReleaseKnewByItsContentIsFoundByItsNewIdFromThenOn(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let oldId = UUID(), homeBoxId = UUID(), editedContentId = UUID()
            // Setup: an earlier release imported the row under an id made from its content.
            _ = try await inventory.store.importItems(ImportedFile(items: [Self.row(2, "Sofa", id: oldId, price: 799)], problems: []),
                                                      householdId: inventory.home, dryRun: false)
            // Act: this release knows the row by HomeBox's id, and by its old id while it is unchanged.
            var known = Self.row(2, "Sofa", id: homeBoxId, price: 799)
            known.formerIds = [oldId]
            let found = try await inventory.store.importItems(ImportedFile(items: [known], problems: []), householdId: inventory.home, dryRun: false)
            // Then the row is edited in HomeBox: its content id changes, its HomeBox id does not.
            var edited = Self.row(2, "Sofa", id: homeBoxId, price: 749)
            edited.formerIds = [editedContentId]
            let updated = try await inventory.store.importItems(ImportedFile(items: [edited], problems: []), householdId: inventory.home, dryRun: false)
            // Check: one sofa, updated, never a second one.
            #expect(found.skipped == 1 && found.created == 0)
            #expect(updated.updated == 1 && updated.created == 0, "\(updated.rows)")
            let sofas = try await inventory.store.allItems(householdId: inventory.home, ItemQuery(status: .all))
            #expect(sofas.map(\.id) == [oldId] && sofas.first?.purchasePrice == InventoryFixture.usd(749))
        }
    }
}
