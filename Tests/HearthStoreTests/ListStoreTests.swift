import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite struct ListStoreTests {
    let clock = VirtualClock()

    func household(_ database: Database, _ email: String = "ada@example.org") async throws -> UUID {
        try await AccountStore(database: database, clock: clock).register(name: "Ada", email: email, passwordHash: "h").householdId
    }

    /// A household with a list "Groceries" holding one item.
    func listWithOneItem(_ database: Database, _ name: String) async throws -> (ListStore, UUID, ShoppingList, ListItem) {
        let home = try await household(database)
        let store = ListStore(database: database, clock: clock)
        let list = try await store.createList(id: nil, householdId: home, name: "Groceries", emoji: nil).list
        let item = try await store.addItem(id: nil, listId: list.id, householdId: home, name: name, quantity: nil, note: nil).item
        return (store, home, list, item)
    }

    @Test(arguments: Backend.available)
    func creatingWithTheSameIdTwiceMakesOneList(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let home = try await household(database)
            let store = ListStore(database: database, clock: clock)
            let id = UUID()
            let first = try await store.createList(id: id, householdId: home, name: "Groceries", emoji: "🛒")
            let again = try await store.createList(id: id, householdId: home, name: "Groceries", emoji: "🛒")
            #expect(first.created && !again.created)
            #expect(again.list == first.list)
            #expect(try await store.lists(householdId: home).count == 1)
            let other = try await household(database, "eve@example.org")
            await #expect(throws: ListError.idConflict) { try await store.createList(id: id, householdId: other, name: "Mine", emoji: nil) }
        }
    }

    @Test(arguments: Backend.available)
    func addingAnUncheckedNameAgainAddsTheQuantities(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let home = try await household(database)
            let store = ListStore(database: database, clock: clock)
            let list = try await store.createList(id: nil, householdId: home, name: "Groceries", emoji: nil).list
            _ = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Milk", quantity: try Quantity(parsing: "1 l"), note: nil)
            clock.advance(by: 1)
            let merged = try await store.addItem(id: nil, listId: list.id, householdId: home, name: " milk", quantity: try Quantity(parsing: "0,5 l"), note: nil)
            clock.advance(by: 1)
            _ = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Milk", quantity: try Quantity(parsing: "2"), note: nil)
            let items = try await store.items(listId: list.id, householdId: home)
            #expect(merged.created == false)
            #expect(items.map { $0.quantity?.description } == ["1.5 l", "2"])
        }
    }

    @Test(arguments: Backend.available)
    func anAdditionSentAgainAddsItsQuantityOnce(backend: Backend) async throws {
        // A phone's answer was lost on the way back, so its outbox sends the same addition again.
        try await withDatabase(backend) { database in
            let home = try await household(database)
            let store = ListStore(database: database, clock: clock)
            let list = try await store.createList(id: nil, householdId: home, name: "Groceries", emoji: nil).list
            let milk = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Milk", quantity: try Quantity(parsing: "1 l"), note: nil)
            let addition = UUID()
            for _ in 0..<2 {
                let added = try await store.addItem(id: addition, listId: list.id, householdId: home, name: "milk",
                                                    quantity: try Quantity(parsing: "1 l"), note: nil)
                #expect(added.item.id == milk.item.id && !added.created)
                #expect(added.item.quantity?.description == "2 l")
            }
            #expect(try await store.items(listId: list.id, householdId: home).map { $0.quantity?.description } == ["2 l"])
            let other = try await household(database, "eve@example.org")
            let theirs = try await store.createList(id: nil, householdId: other, name: "Mine", emoji: nil).list
            await #expect(throws: ListError.idConflict) {
                try await store.addItem(id: addition, listId: theirs.id, householdId: other, name: "Milk", quantity: nil, note: nil)
            }
        }
    }

    @Test(arguments: Backend.available)
    func quantitiesInOtherUnitsOfOneKindAreConverted(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let home = try await household(database)
            let store = ListStore(database: database, clock: clock)
            let list = try await store.createList(id: nil, householdId: home, name: "Groceries", emoji: nil).list
            for (name, quantity) in [("Flour", "500 g"), ("flour", "1 kg"), ("Juice", "1 l"), ("Juice", "500 ml"),
                                     ("Tissues", "2 boxes"), ("Tissues", "1 box"), ("Oil", "1 l"), ("Oil", "1 bottle")] {
                clock.advance(by: 1)
                _ = try await store.addItem(id: nil, listId: list.id, householdId: home, name: name,
                                            quantity: try Quantity(parsing: quantity), note: nil)
            }
            let items = try await store.items(listId: list.id, householdId: home)
            #expect(items.map { "\($0.name) \($0.quantity?.description ?? "")" }
                    == ["Flour 1.5 kg", "Juice 1.5 l", "Tissues 3 boxes", "Oil 1 l", "Oil 1 bottle"])
        }
    }

    @Test(arguments: Backend.available)
    func movingAListShiftsTheOthers(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let home = try await household(database)
            let store = ListStore(database: database, clock: clock)
            var ids: [UUID] = []
            for name in ["A", "B", "C", "D"] {
                ids.append(try await store.createList(id: nil, householdId: home, name: name, emoji: nil).list.id)
                clock.advance(by: 1)
            }
            func order() async throws -> [String] { try await store.lists(householdId: home).map(\.list.name) }
            _ = try await store.updateList(id: ids[3], householdId: home, name: nil, emoji: nil, position: 1)
            #expect(try await order() == ["D", "A", "B", "C"])
            _ = try await store.updateList(id: ids[3], householdId: home, name: nil, emoji: nil, position: 99)
            #expect(try await order() == ["A", "B", "C", "D"])
            try await store.deleteList(id: ids[1], householdId: home)
            let moved = try await store.updateList(id: ids[0], householdId: home, name: "A2", emoji: "🍎", position: 2)
            #expect(try await order() == ["C", "A2", "D"])
            #expect(moved.position == 2 && moved.emoji == "🍎")
            await #expect(throws: ListError.listDeleted) {
                try await store.updateList(id: ids[1], householdId: home, name: nil, emoji: nil, position: 1)
            }
        }
    }

    @Test(arguments: Backend.available)
    func aLateCheckCannotUndoANewerOne(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, home, list, item) = try await listWithOneItem(database, "Bread")
            let t = clock.now
            clock.advance(by: 30) // the server's clock is past every change below
            _ = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: true, changedAt: t + 10))
            // An unchecking sent earlier (t + 5) arrives late.
            let after = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: false, changedAt: t + 5))
            #expect(after.purchased)
            #expect(after.changedAt == t + 10)
            let newer = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: false, changedAt: t + 20))
            #expect(!newer.purchased)
        }
    }

    @Test(arguments: Backend.available)
    func ofTwoEditsMadeOfflineTheLaterOneStandsWhicheverArrivesFirst(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, home, list, item) = try await listWithOneItem(database, "Milk")
            let t = clock.now
            clock.advance(by: 60)
            // Bob's edit (t + 20) reaches the server before Ada's older one (t + 10).
            let bob = try await store.updateItem(id: item.id, listId: list.id, householdId: home,
                                                 .init(name: "Oat milk", quantity: .some(try Quantity(parsing: "2 l")), changedAt: t + 20))
            await #expect(throws: ListError.changedSince("Oat milk")) {
                try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(name: "Whole milk", note: .some("blue cap"), changedAt: t + 10))
            }
            let stands = try #require(try await store.items(listId: list.id, householdId: home).first)
            #expect(stands.name == "Oat milk" && stands.note == nil && stands == bob)
            // A later edit lands; a check is no edit and follows its own time.
            let later = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(note: .some("blue cap"), changedAt: t + 30))
            #expect(later.note == "blue cap")
            let checked = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: true, changedAt: t + 15))
            #expect(checked.purchased)
        }
    }

    @Test(arguments: Backend.available)
    func deviceClocksThatAreOffCannotBlockChecks(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, home, list, item) = try await listWithOneItem(database, "Milk")
            // A phone 30 s behind the server checks the item it has just seen added.
            let checked = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: true, changedAt: clock.now - 30))
            #expect(checked.purchased)
            // A phone an hour ahead stamps the future; it counts as now, so a later change still wins.
            let ahead = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: false, changedAt: clock.now + 3600))
            #expect(!ahead.purchased && ahead.changedAt == clock.now)
            clock.advance(by: 5)
            let later = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: true, changedAt: clock.now))
            #expect(later.purchased)
        }
    }

    @Test(arguments: Backend.available)
    func deletedListsLeaveEveryViewAndComeBackWithTheirItems(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let home = try await household(database)
            let store = ListStore(database: database, clock: clock)
            let list = try await store.createList(id: nil, householdId: home, name: "Party", emoji: "🎉").list
            _ = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Chips", quantity: nil, note: nil)
            try await store.deleteList(id: list.id, householdId: home)

            #expect(try await store.lists(householdId: home).isEmpty)
            #expect(try await store.deletedLists(householdId: home).map(\.list.id) == [list.id])
            #expect(try await store.statistics(householdId: home).totalItems == 0)
            await #expect(throws: ListError.listDeleted) {
                try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Dip", quantity: nil, note: nil)
            }
            _ = try await store.restoreList(id: list.id, householdId: home)
            #expect(try await store.items(listId: list.id, householdId: home).map(\.name) == ["Chips"])
        }
    }

    @Test(arguments: Backend.available)
    func deletedListsArePurgedAfterThirtyDays(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let home = try await household(database)
            let store = ListStore(database: database, clock: clock)
            let old = try await store.createList(id: nil, householdId: home, name: "Old", emoji: nil).list
            let recent = try await store.createList(id: nil, householdId: home, name: "Recent", emoji: nil).list
            try await store.deleteList(id: old.id, householdId: home)
            clock.advance(by: 20 * 86_400)
            try await store.deleteList(id: recent.id, householdId: home)
            clock.advance(by: 10 * 86_400 + 1)
            #expect(try await store.purgeExpired() == 1)
            #expect(try await store.deletedLists(householdId: home).map(\.list.id) == [recent.id])
        }
    }

    @Test(arguments: Backend.available)
    func anotherHouseholdFindsNothing(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let home = try await household(database)
            let other = try await household(database, "eve@example.org")
            let store = ListStore(database: database, clock: clock)
            let list = try await store.createList(id: nil, householdId: home, name: "Groceries", emoji: nil).list
            let item = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Eggs", quantity: nil, note: nil).item
            #expect(try await store.lists(householdId: other).isEmpty)
            await #expect(throws: ListError.listNotFound) { try await store.items(listId: list.id, householdId: other) }
            await #expect(throws: ListError.listNotFound) { try await store.deleteList(id: list.id, householdId: other) }
            await #expect(throws: ListError.listNotFound) {
                try await store.updateItem(id: item.id, listId: list.id, householdId: other, .init(purchased: true))
            }
            #expect(try await store.suggestions(householdId: other, matching: "eg").isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func purchasesInADeletedListLeaveMostBought(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let home = try await household(database)
            let store = ListStore(database: database, clock: clock)
            let kept = try await store.createList(id: nil, householdId: home, name: "Kept", emoji: nil).list
            let party = try await store.createList(id: nil, householdId: home, name: "Party", emoji: nil).list
            for (list, name) in [(kept, "Milk"), (party, "Milk"), (party, "Balloons"), (party, "Balloons")] {
                let item = try await store.addItem(id: nil, listId: list.id, householdId: home, name: name, quantity: nil, note: nil).item
                _ = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: true))
            }
            func mostBought() async throws -> [String] {
                try await store.statistics(householdId: home).mostBought.map { "\($0.name) \($0.count)" }
            }
            #expect(try await mostBought() == ["Balloons 2", "Milk 2"])
            try await store.deleteList(id: party.id, householdId: home)
            #expect(try await mostBought() == ["Milk 1"])
            _ = try await store.restoreList(id: party.id, householdId: home)
            #expect(try await mostBought() == ["Balloons 2", "Milk 2"])
            try await store.deleteList(id: party.id, householdId: home)
            clock.advance(by: ShoppingList.retention + 1)
            #expect(try await store.purgeExpired() == 1)
            #expect(try await mostBought() == ["Milk 1"])
        }
    }

    @Test(arguments: Backend.available)
    func statisticsAndSuggestionsMatchAHandComputedFixture(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            // Setup: two lists with items, an empty list, and a deleted list that must not count.
            let home = try await household(database)
            let store = ListStore(database: database, clock: clock)
            let groceries = try await store.createList(id: nil, householdId: home, name: "Groceries", emoji: nil).list
            let hardware = try await store.createList(id: nil, householdId: home, name: "Hardware", emoji: nil).list
            _ = try await store.createList(id: nil, householdId: home, name: "Empty", emoji: nil)
            let gone = try await store.createList(id: nil, householdId: home, name: "Gone", emoji: nil).list
            var ids: [UUID] = []
            for name in ["Milk", "Bread", "Butter"] {
                ids.append(try await store.addItem(id: nil, listId: groceries.id, householdId: home, name: name, quantity: nil, note: nil).item.id)
            }
            let screws = try await store.addItem(id: nil, listId: hardware.id, householdId: home, name: "Screws", quantity: nil, note: nil).item
            _ = try await store.addItem(id: nil, listId: gone.id, householdId: home, name: "Balloons", quantity: nil, note: nil)
            try await store.deleteList(id: gone.id, householdId: home)
            _ = try await store.updateItem(id: ids[0], listId: groceries.id, householdId: home, .init(purchased: true))
            _ = try await store.updateItem(id: screws.id, listId: hardware.id, householdId: home, .init(purchased: true))
            // Act
            let stats = try await store.statistics(householdId: home)
            // Check: 3 active lists, 4 items, 2 purchased, 2 lists with items.
            #expect(stats.activeLists == 3)
            #expect(stats.totalItems == 4)
            #expect(stats.purchasedItems == 2)
            #expect(stats.listsWithItems == 2)
            #expect(stats.completionRate == 0.5)
            #expect(abs(stats.averageItemsPerList - 4.0 / 3.0) < 1e-9)
            #expect(stats.mostBought.map(\.name) == ["Milk", "Screws"])
            #expect(Set(try await store.suggestions(householdId: home, matching: "b").map(\.name)) == ["Bread", "Butter", "Balloons"])
            // Used more often ranks first, and "bread" typed in a hurry keeps the capital.
            _ = try await store.addItem(id: nil, listId: hardware.id, householdId: home, name: "bread", quantity: nil, note: nil)
            #expect(try await store.suggestions(householdId: home, matching: "b").first?.name == "Bread")
            #expect(try await store.suggestions(householdId: home, matching: "ut").map(\.name) == ["Butter"])
        }
    }
}
