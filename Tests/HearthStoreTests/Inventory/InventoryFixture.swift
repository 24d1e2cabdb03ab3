import Foundation
import HearthCore
@testable import HearthStore

/// A household with its inventory prepared (default rooms and categories), on a virtual clock.
struct InventoryFixture {
    let store: InventoryStore
    let home: UUID
    let clock: VirtualClock
    let rooms: [InventoryGroup]
    let categories: [InventoryGroup]

    static func make(_ database: Database, email: String = "ada@example.org", clock: VirtualClock = VirtualClock()) async throws -> InventoryFixture {
        let home = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: email, passwordHash: "h").householdId
        let store = InventoryStore(database: database, clock: clock)
        try await store.prepare(householdId: home)
        return InventoryFixture(store: store, home: home, clock: clock, rooms: try await store.groups(.room, householdId: home),
                                categories: try await store.groups(.category, householdId: home))
    }

    func room(_ name: String) -> UUID { rooms.first { $0.name == name }!.id }
    func category(_ name: String) -> UUID { categories.first { $0.name == name }!.id }

    /// Adds an item; the clock moves a second first, so items are added in order.
    @discardableResult
    func add(_ name: String, _ edit: (inout ItemDetails) -> Void = { _ in }) async throws -> InventoryItem {
        clock.advance(by: 1)
        var details = ItemDetails(name: name)
        edit(&details)
        return try await store.createItem(id: nil, householdId: home, details).item
    }

    /// A stored file as an upload would give it.
    static func file(_ seed: String) -> StoredFile {
        StoredFile(sha256: String(repeating: seed, count: 64 / seed.count), contentType: "image/jpeg", byteSize: 1000, width: 400, height: 300)
    }

    static func usd(_ major: Int) -> Money { Money(amount: major * 100, currency: "USD") }
}
