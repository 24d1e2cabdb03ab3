import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite struct InventoryQueryTests {
    func names(_ inventory: InventoryFixture, _ query: ItemQuery) async throws -> [String] {
        try await inventory.store.items(householdId: inventory.home, query).items.map(\.name)
    }

    @Test(arguments: Backend.available)
    func searchFindsTheStartOfAnyWordInEveryField(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            try await inventory.add("Television") { $0.brand = "Samsung"; $0.model = "QN65Q80C"; $0.serialNumber = "0B3R3CAT600123" }
            try await inventory.add("Espresso machine") { $0.description = "Dual boiler"; $0.notes = "Descale monthly"; $0.tags = ["Coffee"] }
            try await inventory.add("Bike") { $0.barcode = "4006381333931"; $0.brand = "Vélo-2000" }
            #expect(try await names(inventory, ItemQuery(text: "sams")) == ["Television"])
            #expect(try await names(inventory, ItemQuery(text: "SAMSUNG qn65")) == ["Television"])
            #expect(try await names(inventory, ItemQuery(text: "0b3r3")) == ["Television"])
            #expect(try await names(inventory, ItemQuery(text: "boil")) == ["Espresso machine"])
            #expect(try await names(inventory, ItemQuery(text: "desc")) == ["Espresso machine"])
            #expect(try await names(inventory, ItemQuery(text: "coff")) == ["Espresso machine"])
            #expect(try await names(inventory, ItemQuery(text: "40063813")) == ["Bike"])
            // Accents and signs count alike on both backends.
            #expect(try await names(inventory, ItemQuery(text: "velo 2000")) == ["Bike"])
            #expect(try await names(inventory, ItemQuery(text: "VÉLO-2")) == ["Bike"])
            #expect(try await names(inventory, ItemQuery(text: "samsung bike")) == [])
            #expect(try await names(inventory, ItemQuery(text: "\"*) OR ( ; -- '")) == [])
            // Another household's items are never found.
            let eve = try await InventoryFixture.make(database, email: "eve@example.org")
            #expect(try await names(eve, ItemQuery(text: "sams")) == [])
        }
    }

    @Test(arguments: Backend.available)
    func editsAreSearchableAtOnce(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let item = try await inventory.add("Speaker")
            _ = try await inventory.store.updateItem(id: item.id, householdId: inventory.home) { $0.brand = "Sonos" }
            #expect(try await names(inventory, ItemQuery(text: "son")) == ["Speaker"])
            _ = try await inventory.store.updateItem(id: item.id, householdId: inventory.home) { $0.brand = "Bose" }
            #expect(try await names(inventory, ItemQuery(text: "son")) == [])
            try await inventory.store.deleteItem(id: item.id, householdId: inventory.home)
            #expect(try await names(inventory, ItemQuery(text: "bose")) == [])
        }
    }

    @Test(arguments: Backend.available)
    func theSearchBoxFiltersAreReadByName(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let today = CalendarDate(iso: "2026-11-24")!
            try await inventory.add("Fridge") {
                $0.roomId = inventory.room("Kitchen"); $0.categoryId = inventory.category("Appliances"); $0.purchasePrice = InventoryFixture.usd(1200)
                $0.warranty = .until(CalendarDate(iso: "2027-01-15")!); $0.condition = .good; $0.tags = ["Energy A"]
            }
            try await inventory.add("Television") { $0.roomId = inventory.room("Living room"); $0.replacementValue = InventoryFixture.usd(799) }
            try await inventory.add("Two lamps") { $0.roomId = inventory.room("Living room"); $0.purchasePrice = InventoryFixture.usd(300); $0.quantity = 2 }
            try await inventory.add("Painting") { $0.purchasePrice = Money(amount: 500_000, currency: "EUR"); $0.condition = .good }
            try await inventory.add("Old radio") { $0.condition = .poor; $0.warranty = .until(CalendarDate(iso: "2026-11-01")!) }
            func found(_ text: String) async throws -> [String] {
                var query = ItemQuery(text: text)
                try await inventory.store.applySearchFilters(to: &query, householdId: inventory.home, today: today)
                return try await names(inventory, query)
            }
            #expect(try await found("fri room:kitchen") == ["Fridge"])
            #expect(try await found(#"room:"LIVING ROOM""#) == ["Television", "Two lamps"])
            #expect(try await found("room:liv lamps") == ["Two lamps"])
            #expect(try await found("room:none") == ["Old radio", "Painting"])
            #expect(try await found("category:appl") == ["Fridge"])
            #expect(try await found(#"tag:"energy a""#) == ["Fridge"])
            // Values in the household's currency (USD), times the quantity; the EUR painting is not compared.
            #expect(try await found("value>700") == ["Fridge", "Television"])
            #expect(try await found("value>500 value<1000") == ["Television", "Two lamps"])
            #expect(try await found("missing:value") == ["Old radio"])
            #expect(try await found("warranty:<90d") == ["Fridge"])
            #expect(try await found("condition:good room:none") == ["Painting"])
            await #expect(throws: InventoryError.invalidSearch(
                "“room:cellar”: the household has no room called “cellar”. Rooms: " + inventory.rooms.prefix(12).map { "“\($0.name)”" }.joined(separator: ", ")
                    + (inventory.rooms.count > 12 ? ", …" : "") + ".")) {
                try await found("room:cellar")
            }
        }
    }

    @Test(arguments: Backend.available)
    func filtersNarrowTheList(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let kitchen = inventory.room("Kitchen")
            let today = CalendarDate(iso: "2026-11-24")!
            try await inventory.add("Fridge") {
                $0.roomId = kitchen; $0.categoryId = inventory.category("Appliances"); $0.purchasePrice = InventoryFixture.usd(1200)
                $0.warranty = .until(CalendarDate(iso: "2027-01-15")!); $0.condition = .good; $0.tags = ["Energy A"]
            }
            try await inventory.add("Toaster") { $0.roomId = kitchen; $0.warranty = .until(CalendarDate(iso: "2026-11-01")!); $0.barcode = "123" }
            try await inventory.add("Old radio") { $0.condition = .poor; $0.tags = ["energy a"] }
            #expect(try await names(inventory, ItemQuery(room: .group(kitchen))) == ["Fridge", "Toaster"])
            #expect(try await names(inventory, ItemQuery(room: .unassigned)) == ["Old radio"])
            #expect(try await names(inventory, ItemQuery(category: .group(inventory.category("Appliances")))) == ["Fridge"])
            #expect(try await names(inventory, ItemQuery(tag: "ENERGY A")) == ["Fridge", "Old radio"])
            #expect(try await names(inventory, ItemQuery(condition: .poor)) == ["Old radio"])
            #expect(try await names(inventory, ItemQuery(missing: .value)) == ["Old radio", "Toaster"])
            #expect(try await names(inventory, ItemQuery(missing: .room)) == ["Old radio"])
            #expect(try await names(inventory, ItemQuery(warrantyEndsBy: today.adding(days: 90), today: today)) == ["Fridge"])
            #expect(try await names(inventory, ItemQuery(barcode: "123")) == ["Toaster"])
            #expect(try await names(inventory, ItemQuery(documented: false)) == ["Fridge", "Old radio", "Toaster"])
            #expect(try await inventory.store.tags(householdId: inventory.home).count == 1)
        }
    }

    @Test(arguments: Backend.available, ItemQuery.Sort.allCases)
    func pagesFollowTheCursorThroughEveryItemOnce(backend: Backend, sort: ItemQuery.Sort) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            // Ties on purpose: equal names, values and dates, so the id decides; added at times of
            // any microsecond, as a real clock gives them.
            for index in 0..<23 {
                inventory.clock.advance(by: 0.013_713_7)
                try await inventory.add("Item \(index % 7)") {
                    $0.purchasePrice = index % 3 == 0 ? nil : InventoryFixture.usd(index % 4)
                    $0.purchaseDate = index % 2 == 0 ? nil : CalendarDate(iso: "2026-0\(index % 5 + 1)-01")
                }
            }
            var seen: [UUID] = [], cursor: String?
            repeat {
                let page = try await inventory.store.items(householdId: inventory.home, ItemQuery(sort: sort, cursor: cursor, limit: 2))
                #expect(page.total == 23)
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil && seen.count <= 23
            #expect(seen.count == 23 && Set(seen).count == 23)
            let all = try await inventory.store.items(householdId: inventory.home, ItemQuery(sort: sort, limit: 100)).items.map(\.id)
            #expect(seen == all)
            await #expect(throws: InventoryError.invalidCursor) {
                try await inventory.store.items(householdId: inventory.home, ItemQuery(sort: sort, cursor: "bm90IGEgY3Vyc29y"))
            }
        }
    }

    @Test(arguments: Backend.available)
    func summaryAddsUpPerCurrencyRoomAndCategory(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let today = CalendarDate(iso: "2026-11-24")!
            let tv = try await inventory.add("TV") {
                $0.roomId = inventory.room("Living room"); $0.categoryId = inventory.category("Electronics")
                $0.purchasePrice = InventoryFixture.usd(1000); $0.serialNumber = "S"; $0.warranty = .until(today.adding(days: 30)!)
            }
            _ = try await inventory.store.addPhotos([InventoryFixture.file("a")], itemId: tv.id, householdId: inventory.home, place: { _ in })
            try await inventory.add("Chairs") { $0.quantity = 4; $0.roomId = inventory.room("Living room"); $0.replacementValue = Money(amount: 5_000, currency: "EUR") }
            try await inventory.add("Ring") { $0.purchasePrice = InventoryFixture.usd(3000) }
            try await inventory.add("Box")
            let summary = try await inventory.store.summary(householdId: inventory.home, today: today)
            #expect(summary.itemCount == 4)
            #expect(summary.totals == [InventoryFixture.usd(4000), Money(amount: 20_000, currency: "EUR")])
            #expect(summary.documentedCount == 1)
            // TV 30+25+15+10+10 = 90 (no receipt), chairs 25+15 = 40, ring 25, box 0: 155 / 4 = 38.75.
            #expect(summary.score == 39)
            #expect(summary.missingPhotos == 3 && summary.missingReceipts == 4 && summary.missingValues == 1)
            #expect(summary.warrantiesEnding == 1)
            let living = try #require(summary.byRoom.first { $0.group?.name == "Living room" })
            #expect(living.itemCount == 2 && living.score == 65)
            #expect(living.totals == [InventoryFixture.usd(1000), Money(amount: 20_000, currency: "EUR")])
            #expect(summary.byRoom.last?.group == nil && summary.byRoom.last?.itemCount == 2)
            // Value at risk: ring 3000 × 75 % = 2250, TV 1000 × 10 % = 100, chairs 200 × 60 % = 120 (EUR); box has no value.
            #expect(summary.fixNext.map(\.item.name) == ["Ring", "Chairs", "TV", "Box"])
            #expect(summary.fixNext.first?.valueAtRisk == InventoryFixture.usd(2250))
            let inRoom = try await inventory.store.summary(householdId: inventory.home, today: today, fixNextRoom: .group(inventory.room("Living room")))
            #expect(inRoom.fixNext.map(\.item.name) == ["Chairs", "TV"])
        }
    }

    @Test(arguments: Backend.available)
    func anEmptyInventoryHasNothingMissing(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let summary = try await inventory.store.summary(householdId: inventory.home, today: CalendarDate(iso: "2026-11-24")!)
            #expect(summary.itemCount == 0 && summary.score == 100 && summary.totals.isEmpty && summary.fixNext.isEmpty)
            #expect(summary.byRoom.count == inventory.rooms.count && summary.byRoom.allSatisfy { $0.itemCount == 0 })
        }
    }
}
