import Foundation
import HearthCore
import Logging
import Testing
@testable import HearthStore

/// Pages of lists read within the last few seconds come from memory; every change to lists is
/// seen on the very next read, on PostgreSQL also when another server made it.
@Suite struct ListPageCacheTests {
    let clock = VirtualClock()

    func listWithMilk(_ database: Database) async throws -> (ListStore, UUID, ShoppingList, ListItem) {
        let home = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h").householdId
        let store = ListStore(database: database, clock: clock)
        let list = try await store.createList(id: nil, householdId: home, name: "Party", emoji: nil).list
        let milk = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Milk", quantity: nil, note: nil).item
        return (store, home, list, milk)
    }

    @Test func aPageIsReadFromMemoryForItsLifetimeOnly() async throws {
        try await withDatabase(.sqlite) { database in
            let (store, home, list, _) = try await listWithMilk(database)
            #expect(try await store.page(listId: list.id, householdId: home).items.map(\.name) == ["Milk"])
            // Gone behind the store's back: the cache answers until its lifetime is over.
            try await database.run("DELETE FROM list_items")
            clock.advance(by: database.listPages.lifetime - 0.5)
            #expect(try await store.page(listId: list.id, householdId: home).items.map(\.name) == ["Milk"])
            #expect(try await store.page(listId: list.id, householdId: home, limit: 10).items.isEmpty, "another page size is another page")
            clock.advance(by: 1)
            #expect(try await store.page(listId: list.id, householdId: home).items.isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func everyChangeIsSeenOnTheVeryNextRead(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            try await withWatch(database) {
                let (store, home, list, milk) = try await listWithMilk(database)
                func names() async throws -> [String] {
                    try await store.page(listId: list.id, householdId: home).items.map { "\($0.name)\($0.purchased ? " ✓" : "")" }
                }
                #expect(try await names() == ["Milk"])
                clock.advance(by: 1)  // Bread after Milk, not in the same instant
                let bread = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Bread", quantity: nil, note: nil).item
                #expect(try await names() == ["Milk", "Bread"])
                _ = try await store.updateItem(id: milk.id, listId: list.id, householdId: home, .init(purchased: true))
                #expect(try await names() == ["Bread", "Milk ✓"])
                try await store.deleteItem(id: bread.id, listId: list.id, householdId: home)
                #expect(try await names() == ["Milk ✓"])
                _ = try await store.clearPurchased(listId: list.id, householdId: home)
                #expect(try await names() == [])
                _ = try await store.restoreItems([.init(id: milk.id, name: "Milk", quantity: nil, note: nil, purchased: false, changedAt: nil,
                                                        createdAt: milk.createdAt)], listId: list.id, householdId: home)
                #expect(try await names() == ["Milk"])
                _ = try await store.updateList(id: list.id, householdId: home, name: "Picnic", emoji: nil, position: nil)
                #expect(try await store.page(listId: list.id, householdId: home).summary.list.name == "Picnic")
                try await store.deleteList(id: list.id, householdId: home)
                await #expect(throws: ListError.listDeleted) { try await store.page(listId: list.id, householdId: home) }
                _ = try await store.restoreList(id: list.id, householdId: home)
                #expect(try await names() == ["Milk"])
                try await store.deleteList(id: list.id, householdId: home)
                try await store.purgeList(id: list.id, householdId: home)
                await #expect(throws: ListError.listNotFound) { try await store.page(listId: list.id, householdId: home) }
            }
        }
    }

    /// Two servers on one PostgreSQL database: what one changes, the other reads at once, through
    /// the NOTIFY migration 14's triggers send.
    @Test func anotherServersChangeClearsThisServersPages() async throws {
        guard Backend.available.contains(.postgres) else { return }
        try await withDatabase(.postgres) { first in
            let second = try await Database.open(first.location, logger: Logger(label: "test"))
            do {
                try await withWatch(first) {
                    let (store, home, list, milk) = try await listWithMilk(first)
                    #expect(try await store.page(listId: list.id, householdId: home).items.first?.purchased == false)
                    let cleared = first.listPages.generation
                    _ = try await ListStore(database: second, clock: clock).updateItem(id: milk.id, listId: list.id, householdId: home, .init(purchased: true))
                    try await eventually { first.listPages.generation > cleared }
                    #expect(try await store.page(listId: list.id, householdId: home).items.first?.purchased == true)
                }
                #expect(!first.listPages.isEnabled)
            } catch {
                try? await second.close()
                throw error
            }
            try await second.close()
        }
    }
}
