import Foundation
import HearthCore
import SQLKit
import Testing
@testable import HearthStore

/// Lists in aisle order: an item's category (chosen, taught by the household, or the
/// dictionary's), the household's order within an aisle, stores with their own aisle orders and
/// items only found at some, suggestions by how often and how recently, and backups of all of it.
@Suite struct ListAislesTests {
    let clock = VirtualClock()
    static let words = try! ShoppingWords.load(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/HearthServer/Resources/shopping-words"))

    func household(_ database: Database, _ email: String = "ada@example.org") async throws -> UUID {
        try await AccountStore(database: database, clock: clock).register(name: "Ada", email: email, passwordHash: "h").householdId
    }

    func store(_ database: Database) -> ListStore {
        ListStore(database: database, clock: clock, words: Self.words)
    }

    func add(_ name: String, to list: ShoppingList, _ lists: ListStore, category: ShoppingCategory? = nil, onlyAt: [UUID]? = nil,
             quantity: String? = nil) async throws -> ListItem {
        clock.advance(by: 1)
        return try await lists.addItem(id: nil, listId: list.id, householdId: list.householdId, name: name,
                                       quantity: try quantity.map { try Quantity(parsing: $0) }, note: nil, category: category, onlyAt: onlyAt).item
    }

    @Test(arguments: Backend.available)
    func aNewItemTakesTheChosenAisleElseTheDictionarysElseOther(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let lists = store(database)
            let list = try await lists.createList(id: nil, householdId: try await household(database), name: "Weekly", emoji: nil).list
            #expect(try await add("Bananen", to: list, lists).category == .produce)
            #expect(try await add("2 l oat milk", to: list, lists).category == .dairy)
            #expect(try await add("Flux capacitor", to: list, lists).category == .other)
            #expect(try await add("Ice cubes", to: list, lists, category: .drinks).category == .drinks)
        }
    }

    @Test(arguments: Backend.available)
    func anItemMovedToAnotherAisleLandsThereNextTimeOnEveryListOfTheHouseholdOnly(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let lists = store(database)
            let home = try await household(database)
            let weekly = try await lists.createList(id: nil, householdId: home, name: "Weekly", emoji: nil).list
            let party = try await lists.createList(id: nil, householdId: home, name: "Party", emoji: nil).list
            let oatMilk = try await add("Oat milk", to: weekly, lists)
            #expect(oatMilk.category == .dairy)
            let moved = try await lists.updateItem(id: oatMilk.id, listId: weekly.id, householdId: home, .init(category: .drinks))
            #expect(moved.category == .drinks)
            #expect(try await add("oat milk", to: party, lists).category == .drinks)
            let other = try await household(database, "eve@example.org")
            let eves = try await lists.createList(id: nil, householdId: other, name: "Eve's", emoji: nil).list
            #expect(try await add("Oat milk", to: eves, lists).category == .dairy)
            // Chosen when added teaches as well.
            _ = try await add("Tonic", to: weekly, lists, category: .pantry)
            #expect(try await add("tonic", to: party, lists).category == .pantry)
        }
    }

    @Test(arguments: Backend.available)
    func anAislesOrderIsTheHouseholdsAndANameAddedAgainGoesBackToItsPlace(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let lists = store(database)
            let home = try await household(database)
            let list = try await lists.createList(id: nil, householdId: home, name: "Weekly", emoji: nil).list
            let apples = try await add("Apples", to: list, lists)
            let bananas = try await add("Bananas", to: list, lists)
            let carrots = try await add("Carrots", to: list, lists)
            let bread = try await add("Bread", to: list, lists)
            let moved = try await lists.updateItem(id: carrots.id, listId: list.id, householdId: home, .init(position: 1))
            #expect(moved.position == 1)
            func produce() async throws -> [String] {
                AisleOrder.groups(try await lists.items(listId: list.id, householdId: home).filter { !$0.purchased },
                                  aisles: ShoppingCategory.defaultAisleOrder).first { $0.category == .produce }?.items.map(\.name) ?? []
            }
            #expect(try await produce() == ["Carrots", "Apples", "Bananas"])
            #expect(try await lists.items(listId: list.id, householdId: home).first { $0.id == bread.id }?.position == nil)
            // Bought, cleared, added again: back at the top of its aisle.
            _ = try await lists.updateItem(id: carrots.id, listId: list.id, householdId: home, .init(purchased: true))
            try await lists.clearPurchased(listId: list.id, householdId: home)
            #expect(try await produce() == ["Apples", "Bananas"])
            _ = try await add("Carrots", to: list, lists)
            #expect(try await produce() == ["Carrots", "Apples", "Bananas"])
            // Past the end is last; a move to another aisle starts at its end.
            _ = try await lists.updateItem(id: apples.id, listId: list.id, householdId: home, .init(position: 99))
            #expect(try await produce() == ["Carrots", "Bananas", "Apples"])
            let toPantry = try await lists.updateItem(id: bananas.id, listId: list.id, householdId: home, .init(category: .pantry))
            #expect(toPantry.position == nil && toPantry.category == .pantry)
            await #expect(throws: ListError.invalidPosition) {
                try await lists.updateItem(id: apples.id, listId: list.id, householdId: home, .init(position: 0))
            }
        }
    }

    @Test(arguments: Backend.available)
    func storesKeepTheirAisleOrderAndFoldAwayWhatIsOnlyFoundElsewhere(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let lists = store(database)
            let home = try await household(database)
            let aldi = try await lists.createStore(id: nil, householdId: home, name: "Aldi", aisles: [.bakery, .produce]).store
            #expect(aldi.aisles.prefix(3) == [.bakery, .produce, .meat] && aldi.aisles.count == ShoppingCategory.allCases.count)
            await #expect(throws: ListError.repeatedAisle("Bakery")) {
                try await lists.createStore(id: nil, householdId: home, name: "Lidl", aisles: [.bakery, .bakery])
            }
            let market = try await lists.createStore(id: nil, householdId: home, name: "Market", aisles: []).store
            let list = try await lists.createList(id: nil, householdId: home, name: "Weekly", emoji: nil).list
            _ = try await lists.updateList(id: list.id, householdId: home, name: nil, emoji: nil, position: nil, storeId: .some(aldi.id))
            _ = try await add("Milk", to: list, lists)
            let honey = try await add("Honey", to: list, lists, onlyAt: [market.id])
            #expect(honey.onlyAt == [market.id])
            #expect(try await lists.page(listId: list.id, householdId: home, store: aldi.id).items.map(\.name) == ["Milk"])
            #expect(try await lists.page(listId: list.id, householdId: home, store: market.id).items.map(\.name) == ["Milk", "Honey"])
            // Remembered for the name: Honey added again is only at the market.
            _ = try await lists.updateItem(id: honey.id, listId: list.id, householdId: home, .init(purchased: true))
            #expect(try await add("Honey", to: list, lists).onlyAt == [market.id])
            // Another household's store is no store here.
            let other = try await household(database, "eve@example.org")
            let evesShop = try await lists.createStore(id: nil, householdId: other, name: "Corner shop", aisles: []).store
            await #expect(throws: ListError.storeNotFound) { try await add("Tea", to: list, lists, onlyAt: [evesShop.id]) }
            await #expect(throws: ListError.storeNotFound) {
                try await lists.updateList(id: list.id, householdId: home, name: nil, emoji: nil, position: nil, storeId: .some(evesShop.id))
            }
            // Deleting the market: what was only there is found anywhere; deleting Aldi clears the usual store.
            try await lists.deleteStore(id: market.id, householdId: home)
            try await lists.deleteStore(id: aldi.id, householdId: home)
            #expect(try await lists.items(listId: list.id, householdId: home).allSatisfy(\.onlyAt.isEmpty))
            #expect(try await add("honey", to: list, lists).onlyAt.isEmpty)
            #expect(try await lists.list(id: list.id, householdId: home)?.storeId == nil)
            await #expect(throws: ListError.storeNotFound) { try await lists.deleteStore(id: evesShop.id, householdId: home) }
        }
    }

    @Test(arguments: Backend.available)
    func aHouseholdKeepsAtMostFiftyStoresAndTheirOrder(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let lists = store(database)
            let home = try await household(database)
            var made: [ShoppingStore] = []
            for number in 1...ShoppingStore.maximumCount {
                made.append(try await lists.createStore(id: nil, householdId: home, name: "Shop \(number)", aisles: []).store)
            }
            await #expect(throws: ListError.tooManyStores) { try await lists.createStore(id: nil, householdId: home, name: "One more", aisles: []) }
            _ = try await lists.updateStore(id: made[2].id, householdId: home, name: "Corner", aisles: [.drinks], position: 1)
            let stores = try await lists.stores(householdId: home)
            #expect(stores.prefix(3).map(\.name) == ["Corner", "Shop 1", "Shop 2"] && stores.map(\.position) == Array(1...50))
            #expect(stores[0].aisles.first == .drinks)
        }
    }

    @Test(arguments: Backend.available)
    func suggestionsRankByHowOftenAndHowRecentlyWithTheUsualAisleAndQuantity(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let lists = store(database)
            let home = try await household(database)
            let list = try await lists.createList(id: nil, householdId: home, name: "Weekly", emoji: nil).list
            // Mince: bought three times, four months ago. Mint: once, today. Milk: four times, this week.
            for _ in 1...3 {
                let mince = try await add("Mince", to: list, lists, quantity: "500 g")
                _ = try await lists.updateItem(id: mince.id, listId: list.id, householdId: home, .init(purchased: true))
            }
            clock.advance(by: 120 * 86_400)
            for _ in 1...4 {
                let milk = try await add("Milk", to: list, lists, quantity: "2 l")
                _ = try await lists.updateItem(id: milk.id, listId: list.id, householdId: home, .init(purchased: true))
            }
            _ = try await add("Mint", to: list, lists)
            // Teaching a name its aisle is no use of it: Mince stays last.
            let mince = try #require(try await lists.items(listId: list.id, householdId: home).first { $0.name == "Mince" })
            _ = try await lists.updateItem(id: mince.id, listId: list.id, householdId: home, .init(category: .meat))
            let suggestions = try await lists.suggestions(householdId: home, matching: "mi")
            #expect(suggestions.map(\.name) == ["Milk", "Mint", "Mince"])
            #expect(suggestions[0].category == .dairy && suggestions[0].quantity?.description == "2 l")
            #expect(suggestions[2].quantity?.description == "500 g" && suggestions[2].category == .meat)
        }
    }

    @Test(arguments: Backend.available)
    func itemsOfAnEarlierReleaseAreSortedWhenTheServerStarts(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let lists = store(database)
            let home = try await household(database)
            let list = try await lists.createList(id: nil, householdId: home, name: "Weekly", emoji: nil).list
            let butter = try await add("Butter", to: list, lists)
            let cake = try await add("Cake", to: list, lists, category: .frozen)
            try await database.sql.update("list_items").set("category", to: SQLLiteral.null).run()
            #expect(try await lists.categoriseUncategorised() == 2)
            let items = try await lists.items(listId: list.id, householdId: home)
            #expect(items.first { $0.id == butter.id }?.category == .dairy)
            #expect(items.first { $0.id == cake.id }?.category == .frozen) // as the household taught
            #expect(try await lists.categoriseUncategorised() == 0)
        }
    }

    @Test(arguments: Backend.available)
    func aBackupCarriesStoresAislesPlacesAndWhatTheHouseholdTaught(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let lists = ListStore(database: database, clock: ada.clock, words: Self.words)
            let aldi = try await lists.createStore(id: nil, householdId: ada.home, name: "Aldi", aisles: [.frozen]).store
            let list = try await lists.createList(id: nil, householdId: ada.home, name: "Weekly", emoji: nil).list
            _ = try await lists.updateList(id: list.id, householdId: ada.home, name: nil, emoji: nil, position: nil, storeId: .some(aldi.id))
            let soup = try await lists.addItem(id: nil, listId: list.id, householdId: ada.home, name: "Soup", quantity: nil, note: nil,
                                               category: .frozen, onlyAt: [aldi.id]).item
            _ = try await lists.addItem(id: nil, listId: list.id, householdId: ada.home, name: "Peas", quantity: nil, note: nil, category: .frozen)
            _ = try await lists.updateItem(id: soup.id, listId: list.id, householdId: ada.home, .init(position: 2))
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            #expect(backup.stores?.map(\.name) == ["Aldi"] && backup.taughtNames?.count == 2)
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            _ = try await bob.store.restore(backup, householdId: bob.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            let bobsAldi = try #require(try await lists.stores(householdId: bob.home).first)
            #expect(bobsAldi.name == "Aldi" && bobsAldi.id != aldi.id && bobsAldi.aisles.first == .frozen)
            let bobsList = try #require(try await lists.lists(householdId: bob.home).first?.list)
            #expect(bobsList.storeId == bobsAldi.id)
            let items = try await lists.items(listId: bobsList.id, householdId: bob.home)
            #expect(Set(items.map(\.name)) == ["Soup", "Peas"] && items.allSatisfy { $0.category == .frozen })
            let bobsSoup = try #require(items.first { $0.name == "Soup" })
            #expect(bobsSoup.onlyAt == [bobsAldi.id] && bobsSoup.position == 2)
            // What Ada's household taught came along: soup is frozen in Bob's household too, and only at his Aldi.
            let again = try await lists.addItem(id: nil, listId: bobsList.id, householdId: bob.home, name: "soup", quantity: nil, note: nil).item
            #expect(again.id == bobsSoup.id) // still unchecked: added up
            let other = try await lists.createList(id: nil, householdId: bob.home, name: "Other", emoji: nil).list
            let fresh = try await lists.addItem(id: nil, listId: other.id, householdId: bob.home, name: "soup", quantity: nil, note: nil).item
            #expect(fresh.category == .frozen && fresh.onlyAt == [bobsAldi.id])
        }
    }
}
