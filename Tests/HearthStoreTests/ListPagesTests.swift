import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// Reading a list a page at a time, and what one check writes.
@Suite struct ListPagesTests {
    let clock = VirtualClock()

    func emptyList(_ database: Database) async throws -> (ListStore, UUID, ShoppingList) {
        let home = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h").householdId
        let store = ListStore(database: database, clock: clock)
        return (store, home, try await store.createList(id: nil, householdId: home, name: "Party", emoji: nil).list)
    }

    @Test(arguments: Backend.available)
    func pagesFollowTheListsOrderWithoutGapsOrRepeats(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, home, list) = try await emptyList(database)
            var ids: [UUID] = []
            for n in 0..<23 {
                // Pairs added in the same instant: the order falls back to the id.
                if n % 2 == 0 { clock.advance(by: 1) }
                ids.append(try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Item \(n)", quantity: nil, note: nil).item.id)
            }
            for (n, id) in ids.enumerated() where n % 3 == 0 {
                if n % 2 == 0 { clock.advance(by: 1) }
                _ = try await store.updateItem(id: id, listId: list.id, householdId: home, .init(purchased: true, changedAt: clock.now))
            }
            let whole = try await store.items(listId: list.id, householdId: home)
            #expect(whole.count == 23 && whole.prefix(15).allSatisfy { !$0.purchased } && whole.suffix(8).allSatisfy(\.purchased))

            for limit in [1, 3, 8, 15, 23, 1000] {
                var read: [ListItem] = []
                var cursor: ListItemCursor?
                var pages = 0
                repeat {
                    let page = try await store.page(listId: list.id, householdId: home, after: cursor, limit: limit)
                    #expect(page.summary.items == 23 && page.summary.purchased == 8)
                    #expect(page.items.count == min(limit, 23 - read.count))
                    read += page.items
                    cursor = page.next.flatMap { ListItemCursor($0.text) }
                    pages += 1
                } while cursor != nil
                #expect(read == whole, "limit \(limit)")
                #expect(pages == (23 + limit - 1) / limit, "no empty last page")
            }
        }
    }

    /// Times of any microsecond, as a real clock gives them: a page's cursor must carry its last
    /// item's time exactly (on PostgreSQL one boundary in four repeated an item before SQLTimestamp).
    @Test(arguments: Backend.available)
    func pagesAreExactWithTimesOfAnyMicrosecond(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, home, list) = try await emptyList(database)
            var ids: [UUID] = []
            for n in 0..<60 {
                clock.advance(by: 0.013_713_7)
                ids.append(try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Item \(n)", quantity: nil, note: nil).item.id)
            }
            for id in ids.shuffled().prefix(30) {
                clock.advance(by: 0.007_777_1)
                _ = try await store.updateItem(id: id, listId: list.id, householdId: home, .init(purchased: true))
            }
            let whole = try await store.items(listId: list.id, householdId: home)
            var read: [ListItem] = []
            var cursor: ListItemCursor?
            repeat {
                let page = try await store.page(listId: list.id, householdId: home, after: cursor, limit: 1)
                read += page.items
                cursor = page.next.flatMap { ListItemCursor($0.text) }
            } while cursor != nil && read.count <= whole.count
            #expect(read.map(\.id) == whole.map(\.id))
        }
    }

    @Test(arguments: Backend.available)
    func aPageOfAMissingOrDeletedListIsRefused(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, home, list) = try await emptyList(database)
            #expect(try await store.page(listId: list.id, householdId: home).items.isEmpty)
            await #expect(throws: ListError.listNotFound) { try await store.page(listId: list.id, householdId: UUID()) }
            try await store.deleteList(id: list.id, householdId: home)
            await #expect(throws: ListError.listDeleted) { try await store.page(listId: list.id, householdId: home) }
        }
    }

    @Test(arguments: Backend.available)
    func aCheckCountsOnePurchaseHoweverOftenItArrives(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, home, list) = try await emptyList(database)
            let item = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Milk", quantity: nil, note: nil).item
            let t = clock.now
            clock.advance(by: 30)
            let check = ListStore.ItemChange(purchased: true, changedAt: t + 10)
            _ = try await store.updateItem(id: item.id, listId: list.id, householdId: home, check)
            _ = try await store.updateItem(id: item.id, listId: list.id, householdId: home, check)
            // A late uncheck loses, and so changes nothing; a later one lands.
            _ = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: false, changedAt: t + 5))
            #expect(try await store.statistics(householdId: home).mostBought.map(\.count) == [1])
            _ = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: false, changedAt: t + 20))
            _ = try await store.updateItem(id: item.id, listId: list.id, householdId: home, .init(purchased: true, changedAt: t + 25))
            #expect(try await store.statistics(householdId: home).mostBought.map(\.count) == [2])
        }
    }

    @Test(arguments: Backend.available)
    func aChangeToAnItemElsewhereIsRefusedAndChangesNothing(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, home, list) = try await emptyList(database)
            let other = try await store.createList(id: nil, householdId: home, name: "Other", emoji: nil).list
            let item = try await store.addItem(id: nil, listId: list.id, householdId: home, name: "Milk", quantity: nil, note: nil).item
            let check = ListStore.ItemChange(name: "Oat milk", purchased: true)
            await #expect(throws: ListError.itemNotFound) { try await store.updateItem(id: item.id, listId: other.id, householdId: home, check) }
            await #expect(throws: ListError.listNotFound) { try await store.updateItem(id: item.id, listId: list.id, householdId: UUID(), check) }
            try await store.deleteList(id: list.id, householdId: home)
            await #expect(throws: ListError.listDeleted) { try await store.updateItem(id: item.id, listId: list.id, householdId: home, check) }
            _ = try await store.restoreList(id: list.id, householdId: home)
            #expect(try await store.items(listId: list.id, householdId: home) == [item])
        }
    }
}
