import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// What the server remembers of list reads (``ListPageCache``, SQLite only) is forgotten by every
/// change to lists.
@Suite struct ListPageCacheTests {
    let clock = VirtualClock()
    let key = ListPageKey(householdId: UUID(), request: "/api/v1/lists/x")

    func listWithMilk(_ database: Database) async throws -> (ListStore, UUID, ShoppingList, ListItem) {
        let home = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h").householdId
        let store = ListStore(database: database, clock: clock)
        let list = try await store.createList(id: nil, householdId: home, name: "Party", emoji: nil).list
        let milk = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Milk", quantity: nil, note: nil).item
        return (store, home, list, milk)
    }

    /// Whether `change` forgets an answer remembered just before it.
    func forgets(_ database: Database, _ change: () async throws -> Void) async throws -> Bool {
        database.listPages.store([1], for: key, at: clock.now, generation: database.listPages.generation)
        #expect(database.listPages.value(for: key, at: clock.now) != nil)
        try await change()
        return database.listPages.value(for: key, at: clock.now) == nil
    }

    @Test func everyChangeToListsForgetsWhatWasRemembered() async throws {
        try await withDatabase(.sqlite) { database in
            let (store, home, list, milk) = try await listWithMilk(database)
            #expect(try await forgets(database) { _ = try await store.createList(id: nil, householdId: home, name: "DIY", emoji: nil) })
            #expect(try await forgets(database) {
                _ = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Bread", quantity: nil, note: nil)
            })
            #expect(try await forgets(database) { _ = try await store.updateItem(id: milk.id, listId: list.id, householdId: home, .init(purchased: true)) })
            #expect(try await forgets(database) { _ = try await store.clearPurchased(listId: list.id, householdId: home) })
            #expect(try await forgets(database) {
                _ = try await store.restoreItems([.init(id: milk.id, name: "Milk", quantity: nil, note: nil, purchased: false, changedAt: nil,
                                                        createdAt: milk.createdAt)], listId: list.id, householdId: home)
            })
            #expect(try await forgets(database) { try await store.deleteItem(id: milk.id, listId: list.id, householdId: home) })
            #expect(try await forgets(database) { _ = try await store.updateList(id: list.id, householdId: home, name: "Picnic", emoji: nil, position: nil) })
            #expect(try await forgets(database) { try await store.deleteList(id: list.id, householdId: home) })
            #expect(try await forgets(database) { _ = try await store.restoreList(id: list.id, householdId: home) })
            try await store.deleteList(id: list.id, householdId: home)
            #expect(try await forgets(database) { try await store.purgeList(id: list.id, householdId: home) })
            #expect(try await forgets(database) { _ = try await store.purgeExpired() })
            // A refused change forgets too: harmless, and the answer may be of a list it touched.
            #expect(try await forgets(database) {
                await #expect(throws: ListError.listNotFound) { try await store.deleteList(id: list.id, householdId: home) }
            })
        }
    }

    /// Other servers change a PostgreSQL database too, and nothing tells this one in time: it
    /// remembers no page there.
    @Test func onPostgreSQLNoPageIsRemembered() async throws {
        guard Backend.available.contains(.postgres) else { return }
        try await withDatabase(.postgres) { database in
            database.listPages.store([1], for: key, at: clock.now, generation: database.listPages.generation)
            #expect(database.listPages.value(for: key, at: clock.now) == nil)
        }
    }
}
