import Foundation
import HearthCore
import SQLKit
import Testing
@testable import HearthStore

@Suite struct InventoryStoreTests {
    @Test(arguments: Backend.available)
    func aNewHouseholdGetsTheDefaultRoomsAndCategoriesOnce(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            #expect(inventory.rooms.map(\.name) == InventoryGroup.defaults(.room).map(\.name))
            #expect(inventory.categories.map(\.name) == InventoryGroup.defaults(.category).map(\.name))
            #expect(inventory.rooms.allSatisfy { $0.isDefault })
            // Deleting one and preparing again does not bring it back.
            try await inventory.store.deleteGroup(.room, id: inventory.room("Attic"), householdId: inventory.home)
            try await inventory.store.prepare(householdId: inventory.home)
            #expect(try await inventory.store.groups(.room, householdId: inventory.home).count == inventory.rooms.count - 1)
        }
    }

    @Test(arguments: Backend.available)
    func creatingWithTheSameIdTwiceMakesOneItem(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let id = UUID()
            let first = try await inventory.store.createItem(id: id, householdId: inventory.home, ItemDetails(name: "TV"))
            let again = try await inventory.store.createItem(id: id, householdId: inventory.home, ItemDetails(name: "TV"))
            #expect(first.created && !again.created)
            #expect(again.item == first.item)
            let other = try await InventoryFixture.make(database, email: "eve@example.org")
            await #expect(throws: InventoryError.idConflict) {
                try await other.store.createItem(id: id, householdId: other.home, ItemDetails(name: "Mine"))
            }
        }
    }

    @Test(arguments: Backend.available)
    func anItemKeepsEveryField(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let item = try await inventory.add("Television") {
                $0.description = "65 inch"; $0.roomId = inventory.room("Living room"); $0.categoryId = inventory.category("Electronics")
                $0.quantity = 2; $0.brand = "Samsung"; $0.model = "QN65"; $0.serialNumber = "SN123"; $0.barcode = "8806094934745"
                $0.purchaseDate = CalendarDate(iso: "2025-11-28"); $0.purchasePlace = "Best Buy"
                $0.purchasePrice = InventoryFixture.usd(899); $0.replacementValue = Money(amount: 95_000, currency: "EUR")
                $0.condition = .likeNew; $0.warranty = .months(24); $0.tags = ["4K", "Living"]; $0.notes = "Wall mounted"
            }
            let read = try #require(try await inventory.store.item(id: item.id, householdId: inventory.home))
            #expect(read == item)
            #expect(read.warrantyUntil?.description == "2027-11-28")
            #expect(read.value == Money(amount: 190_000, currency: "EUR"))
            #expect(read.tags == ["4K", "Living"])
            #expect(read.documentation.score == 60)
        }
    }

    @Test(arguments: Backend.available)
    func badInputChangesNothing(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let item = try await inventory.add("Chair") { $0.brand = "IKEA" }
            await #expect(throws: InventoryError.invalidQuantity) {
                try await inventory.store.updateItem(id: item.id, householdId: inventory.home) { $0.brand = "Hay"; $0.quantity = 0 }
            }
            let other = try await InventoryFixture.make(database, email: "eve@example.org")
            await #expect(throws: InventoryError.groupNotFound(.room)) {
                try await inventory.store.updateItem(id: item.id, householdId: inventory.home) { $0.roomId = other.room("Kitchen") }
            }
            await #expect(throws: InventoryError.groupNotFound(.room)) {
                try await inventory.store.updateItem(id: item.id, householdId: inventory.home) { $0.roomId = inventory.category("Tools") }
            }
            #expect(try await inventory.store.item(id: item.id, householdId: inventory.home) == item)
        }
    }

    @Test(arguments: Backend.available)
    func anotherHouseholdCannotReadOrChangeAnItem(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let item = try await inventory.add("Ring")
            let eve = try await InventoryFixture.make(database, email: "eve@example.org")
            #expect(try await eve.store.item(id: item.id, householdId: eve.home) == nil)
            await #expect(throws: InventoryError.itemNotFound) { try await eve.store.updateItem(id: item.id, householdId: eve.home) { $0.name = "Mine" } }
            await #expect(throws: InventoryError.itemNotFound) { try await eve.store.deleteItem(id: item.id, householdId: eve.home) }
            await #expect(throws: InventoryError.itemNotFound) { try await eve.store.purgeItem(id: item.id, householdId: eve.home) }
            await #expect(throws: InventoryError.itemNotFound) { try await eve.store.duplicateItem(id: item.id, newId: nil, householdId: eve.home) }
            #expect(try await eve.store.bulkChange(.delete, itemIds: [item.id], householdId: eve.home) == 0)
            #expect(try await eve.store.items(householdId: eve.home, ItemQuery()).total == 0)
            #expect(try await inventory.store.item(id: item.id, householdId: inventory.home) == item)
        }
    }

    @Test(arguments: Backend.available)
    func addAnotherLikeThisCopiesAllButTheSerialNumber(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let chair = try await inventory.add("Chair") { $0.brand = "Hay"; $0.serialNumber = "A1"; $0.tags = ["Oak"]; $0.roomId = inventory.room("Office") }
            let copy = try await inventory.store.duplicateItem(id: chair.id, newId: nil, householdId: inventory.home).item
            #expect(copy.id != chair.id)
            #expect(copy.brand == "Hay" && copy.tags == ["Oak"] && copy.roomId == chair.roomId)
            #expect(copy.serialNumber == nil)
        }
    }

    @Test(arguments: Backend.available)
    func deletedItemsWaitInRecentlyDeletedForThirtyDays(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let (tv, lamp) = (try await inventory.add("TV"), try await inventory.add("Lamp"))
            try await inventory.store.deleteItem(id: tv.id, householdId: inventory.home)
            try await inventory.store.deleteItem(id: lamp.id, householdId: inventory.home)
            await #expect(throws: InventoryError.itemDeleted) { try await inventory.store.updateItem(id: tv.id, householdId: inventory.home) { $0.name = "X" } }
            #expect(try await inventory.store.deletedItems(householdId: inventory.home).map(\.name) == ["Lamp", "TV"])
            #expect(try await inventory.store.items(householdId: inventory.home, ItemQuery()).total == 0)
            // Restore brings it back as it was.
            let restored = try await inventory.store.restoreItem(id: tv.id, householdId: inventory.home)
            #expect(restored.deletedAt == nil && restored.name == "TV")
            // After 30 days the other one is gone for good.
            inventory.clock.advance(by: 30 * 86_400 + 1)
            _ = try await inventory.store.purgeExpired()
            #expect(try await inventory.store.item(id: lamp.id, householdId: inventory.home, includingDeleted: true) == nil)
            #expect(try await inventory.store.item(id: tv.id, householdId: inventory.home) != nil)
        }
    }

    @Test(arguments: Backend.available)
    func bulkChangesTouchOnlyTheSelection(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let items = try await [inventory.add("A"), inventory.add("B"), inventory.add("C")]
            let garage = inventory.room("Garage")
            #expect(try await inventory.store.bulkChange(.move(roomId: garage), itemIds: [items[0].id, items[1].id], householdId: inventory.home) == 2)
            #expect(try await inventory.store.bulkChange(.categorize(categoryId: inventory.category("Tools")), itemIds: [items[1].id], householdId: inventory.home) == 1)
            #expect(try await inventory.store.bulkChange(.delete, itemIds: [items[2].id, items[2].id], householdId: inventory.home) == 1)
            let page = try await inventory.store.items(householdId: inventory.home, ItemQuery(room: .group(garage)))
            #expect(page.items.map(\.name) == ["A", "B"])
            #expect(page.items[1].categoryId == inventory.category("Tools"))
            await #expect(throws: InventoryError.invalidSelection) { try await inventory.store.bulkChange(.delete, itemIds: [], householdId: inventory.home) }
        }
    }

    @Test(arguments: Backend.available)
    func roomsCanBeAddedRenamedMovedAndDeletedWhileTheirItemsStay(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let shed = try await inventory.store.createGroup(.room, id: nil, householdId: inventory.home, name: "Shed", icon: "🛖").group
            await #expect(throws: InventoryError.groupNameTaken(.room, "kitchen")) {
                try await inventory.store.createGroup(.room, id: nil, householdId: inventory.home, name: "kitchen", icon: nil)
            }
            let renamed = try await inventory.store.updateGroup(.room, id: shed.id, householdId: inventory.home, name: "Garden shed", icon: .some(nil), position: 1)
            #expect(renamed.name == "Garden shed" && renamed.icon == nil && renamed.position == 1)
            #expect(try await inventory.store.groups(.room, householdId: inventory.home).map(\.position) == Array(1...inventory.rooms.count + 1))
            let mower = try await inventory.add("Mower") { $0.roomId = shed.id }
            #expect(try await inventory.store.deleteGroup(.room, id: shed.id, householdId: inventory.home) == 1)
            #expect(try await inventory.store.item(id: mower.id, householdId: inventory.home)?.roomId == nil)
            let eve = try await InventoryFixture.make(database, email: "eve@example.org")
            await #expect(throws: InventoryError.groupNotFound(.room)) { try await eve.store.deleteGroup(.room, id: inventory.room("Kitchen"), householdId: eve.home) }
        }
    }

    @Test(arguments: Backend.available)
    func photosKeepTheirOrderAndThePrimaryOne(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let item = try await inventory.add("Bike")
            let added = try await inventory.store.addPhotos([InventoryFixture.file("a"), InventoryFixture.file("b"), InventoryFixture.file("c")],
                                                            itemId: item.id, householdId: inventory.home, place: { _ in })
            var read = try #require(try await inventory.store.item(id: item.id, householdId: inventory.home))
            #expect(read.photoCount == 3 && read.primaryPhotoId == added[0].id)
            let moved = try await inventory.store.movePhoto(id: added[2].id, itemId: item.id, householdId: inventory.home, to: 1)
            #expect(moved.map(\.id) == [added[2].id, added[0].id, added[1].id])
            let file = try await inventory.store.deletePhoto(id: added[2].id, itemId: item.id, householdId: inventory.home)
            #expect(file == InventoryFixture.file("c").sha256)
            #expect(try await inventory.store.removeUnreferencedFiles([file, InventoryFixture.file("a").sha256], remove: { _ in }) == [file])
            read = try #require(try await inventory.store.item(id: item.id, householdId: inventory.home))
            #expect(read.photoCount == 2 && read.primaryPhotoId == added[0].id)
            let eve = try await InventoryFixture.make(database, email: "eve@example.org")
            #expect(try await eve.store.photo(id: added[0].id, itemId: item.id, householdId: eve.home) == nil)
            await #expect(throws: InventoryError.itemNotFound) { try await eve.store.deletePhoto(id: added[0].id, itemId: item.id, householdId: eve.home) }
            // Purging the item hands back its files for removal.
            try await inventory.store.deleteItem(id: item.id, householdId: inventory.home)
            #expect(Set(try await inventory.store.purgeItem(id: item.id, householdId: inventory.home)) == [InventoryFixture.file("a").sha256, InventoryFixture.file("b").sha256])
        }
    }
}
