import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// Boxes carry their contents from room to room; categories and items keep their depreciation
/// rules through edits, imports and backups (both backends).
@Suite struct BoxesAndDepreciationTests {
    @Test(arguments: Backend.available)
    func aBoxCarriedToAnotherRoomTakesWhatItHolds(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let attic = ada.room("Attic"), garage = ada.room("Garage"), office = ada.room("Office")
            let box = try await ada.add("Box of cables") { $0.roomId = attic }
            let bag = try await ada.add("Bag") { $0.containerId = box.id; $0.roomId = office }
            let plug = try await ada.add("Plug") { $0.containerId = bag.id }
            #expect(bag.roomId == attic && plug.roomId == attic, "put in a box, a thing is where the box is")

            _ = try await ada.store.updateItem(id: box.id, householdId: ada.home) { $0.roomId = garage }
            for id in [bag.id, plug.id] {
                let moved = try #require(try await ada.store.item(id: id, householdId: ada.home))
                #expect(moved.roomId == garage && moved.containerId != nil, "\(moved.name)")
            }

            // The plug taken to the office alone is out of its bag; the bag stays where it was.
            let plugOut = try await ada.store.updateItem(id: plug.id, householdId: ada.home) { $0.roomId = office }
            #expect(plugOut.containerId == nil && plugOut.roomId == office)
            #expect(try await ada.store.item(id: bag.id, householdId: ada.home)?.roomId == garage)

            // Moving the box and a thing outside it at once: the bag follows, the lamp leaves no box.
            let lamp = try await ada.add("Lamp") { $0.roomId = office }
            #expect(try await ada.store.bulkChange(.move(roomId: attic), itemIds: [box.id, lamp.id], householdId: ada.home) == 2)
            #expect(try await ada.store.item(id: bag.id, householdId: ada.home)?.roomId == attic)
            // Moving the bag alone takes it out of the box.
            _ = try await ada.store.bulkChange(.move(roomId: office), itemIds: [bag.id], householdId: ada.home)
            let bagAlone = try #require(try await ada.store.item(id: bag.id, householdId: ada.home))
            #expect(bagAlone.containerId == nil && bagAlone.roomId == office)

            // A box moved with something two boxes down: that stays in its box, which came along.
            let chest = try await ada.add("Chest") { $0.roomId = office }
            let tin = try await ada.add("Tin") { $0.containerId = chest.id }
            let button = try await ada.add("Button") { $0.containerId = tin.id }
            _ = try await ada.store.bulkChange(.move(roomId: garage), itemIds: [chest.id, button.id], householdId: ada.home)
            let carried = try #require(try await ada.store.item(id: button.id, householdId: ada.home))
            #expect(carried.containerId == tin.id && carried.roomId == garage)
            // A box in Recently deleted is skipped, and so is what it holds.
            try await ada.store.deleteItem(id: chest.id, householdId: ada.home)
            _ = try await ada.store.bulkChange(.move(roomId: attic), itemIds: [chest.id, lamp.id], householdId: ada.home)
            #expect(try await ada.store.item(id: tin.id, householdId: ada.home)?.roomId == garage)
        }
    }

    @Test(arguments: Backend.available)
    func aBoxAnImportPutsInAnotherRoomTakesWhatItHolds(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let box = try await ada.add("Box of cables") { $0.roomId = ada.room("Attic") }
            let bag = try await ada.add("Bag") { $0.containerId = box.id }
            let plug = try await ada.add("Plug") { $0.containerId = bag.id }
            // A spreadsheet (without a container column) that has the box in the garage now.
            let row = ImportedItem(line: 2, id: box.id, details: ItemDetails(name: "Box of cables"), roomName: "Garage", categoryName: nil)
            let report = try await ada.store.importItems(ImportedFile(items: [row], problems: []), householdId: ada.home, dryRun: false)
            #expect(report.updated == 1)
            for id in [bag.id, plug.id] {
                let carried = try #require(try await ada.store.item(id: id, householdId: ada.home))
                #expect(carried.roomId == ada.room("Garage") && carried.containerId != nil, "\(carried.name)")
            }
        }
    }

    @Test(arguments: Backend.available)
    func categoriesDepreciateAsTheirNamesSayUntilSomeoneSetsARule(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let electronics = try #require(ada.categories.first { $0.name == "Electronics" })
            #expect(electronics.depreciation == Depreciation(usefulLifeYears: 5, floorPercent: 20))
            #expect(ada.categories.first { $0.name == "Jewelry & watches" }?.depreciation?.usefulLifeYears == nil)
            #expect(ada.rooms.allSatisfy { $0.depreciation == nil })

            let computers = try await ada.store.createGroup(.category, id: nil, householdId: ada.home, name: "Computers", icon: nil,
                                                            depreciation: Depreciation(usefulLifeYears: 4, floorPercent: 10)).group
            #expect(computers.depreciation == Depreciation(usefulLifeYears: 4, floorPercent: 10))
            let changed = try await ada.store.updateGroup(.category, id: electronics.id, householdId: ada.home, name: nil, icon: nil, position: nil,
                                                          depreciation: Depreciation(usefulLifeYears: 7, floorPercent: 0))
            #expect(changed.depreciation == Depreciation(usefulLifeYears: 7, floorPercent: 0))
            await #expect(throws: InventoryError.self) {
                try await ada.store.updateGroup(.category, id: electronics.id, householdId: ada.home, name: nil, icon: nil, position: nil,
                                                depreciation: Depreciation(usefulLifeYears: 0))
            }
            await #expect(throws: InventoryError.self) {
                try await ada.store.updateGroup(.room, id: ada.room("Attic"), householdId: ada.home, name: nil, icon: nil, position: nil,
                                                depreciation: Depreciation(usefulLifeYears: 3))
            }
            #expect(try await ada.store.group(.category, id: electronics.id, householdId: ada.home)?.depreciation?.usefulLifeYears == 7)
        }
    }

    @Test(arguments: Backend.available)
    func categoriesMadeBeforeDepreciationAreGivenTheirRules(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            _ = try await ada.store.createGroup(.category, id: nil, householdId: ada.home, name: "Computers", icon: nil)
            // As an earlier release left them; then migration 36's backfill.
            try await database.run("UPDATE inventory_groups SET useful_life_years = NULL, depreciation_floor = NULL")
            try await database.run(try #require(Migration.depreciation.sql(for: database.kind).last))
            let categories = try await ada.store.groups(.category, householdId: ada.home)
            let rules = Dictionary(uniqueKeysWithValues: categories.map { ($0.name, $0.depreciation) })
            #expect(rules["Electronics"] == Depreciation(usefulLifeYears: 5) && rules["Musical instruments"] == Depreciation(usefulLifeYears: 15))
            #expect(rules["Jewelry & watches"] == Depreciation.none && rules["Computers"] == Depreciation.none)
            #expect(try await ada.store.groups(.room, householdId: ada.home).allSatisfy { $0.depreciation == nil })
        }
    }

    @Test(arguments: Backend.available)
    func anItemsOwnRuleIsKeptByEditsImportsAndBackups(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let ownRule = Depreciation(usefulLifeYears: 2, floorPercent: 5)
            let phone = try await ada.add("Phone") { $0.depreciation = ownRule; $0.categoryId = ada.category("Electronics") }
            #expect(phone.depreciation == ownRule)
            let renamed = try await ada.store.updateItem(id: phone.id, householdId: ada.home) { $0.name = "Old phone" }
            #expect(renamed.depreciation == ownRule)
            let kept = Depreciation.none
            let ring = try await ada.add("Ring") { $0.depreciation = kept }
            #expect(ring.depreciation == kept, "a rule of no depreciation is a rule, not the category's")
            await #expect(throws: InventoryError.self) { try await ada.add("Bad") { $0.depreciation = Depreciation(usefulLifeYears: 500) } }

            var row = ImportedItem(line: 2, id: phone.id, details: ItemDetails(name: "Phone again"), roomName: nil, categoryName: nil)
            row.assetId = nil
            _ = try await ada.store.importItems(ImportedFile(items: [row], problems: []), householdId: ada.home, dryRun: false)
            #expect(try await ada.store.item(id: phone.id, householdId: ada.home)?.depreciation == ownRule, "a spreadsheet carries no rule")

            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            #expect(backup.items.first { $0.id == phone.id }?.depreciation == ownRule)
            #expect(backup.categories.first { $0.name == "Electronics" }?.depreciation?.usefulLifeYears == 5)
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            _ = try await bob.store.restore(backup, householdId: bob.home, strategy: .replace, archiveFiles: [], place: { _ in }, dryRun: false)
            let restored = try await bob.store.items(householdId: bob.home, ItemQuery(sort: .name)).items
            #expect(restored.first { $0.name == "Phone again" }?.depreciation == ownRule)
            #expect(restored.first { $0.name == "Ring" }?.depreciation == kept)
        }
    }
}
