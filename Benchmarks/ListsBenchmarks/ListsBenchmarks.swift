import Benchmark
import Foundation
import HearthCore
import HearthStore
import Logging
import SQLKit

/// Lists at household scale, on SQLite and, when `HEARTH_TEST_POSTGRES_URL` is set, on PostgreSQL:
/// the statistics of 10,000 lists holding 100,000 items, checking or unchecking an item of a
/// 1,000-item list (what the server does for `PATCH /api/v1/lists/{id}/items/{itemId}`), and reading
/// a 1,000-item and a 10,000-item list whole (`GET /api/v1/lists/{id}`, following its pages).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 2000)
    // A file in WAL mode, as the server keeps it.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-lists-bench-\(UUID().uuidString).sqlite").path
    var backends: [(String, DatabaseLocation)] = [("SQLite", .sqliteFile(path: file))]
    if let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"] {
        backends.append(("PostgreSQL", .postgres(url: url)))
    }
    for (name, location) in backends {
        let fixture = HouseholdFixture(location: location)
        let configuration = Benchmark.Configuration(setup: { try await fixture.load() }, teardown: { try await fixture.close() })
        Benchmark("Statistics, 10k lists and 100k items (\(name))", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.store.statistics(householdId: fixture.householdId, mostBought: 10))
            }
        }
        Benchmark("Check or uncheck, 1,000-item list (\(name))", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.toggleRandomItem())
            }
        }
        Benchmark("Read a 1,000-item list (\(name))", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.readWhole(fixture.bigList))
            }
        }
        Benchmark("Read a 10,000-item list (\(name))", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.readWhole(fixture.hugeList))
            }
        }
    }
}

/// One household with 10,000 lists of 10 items each, plus a big list of 1,000 items and a huge one of
/// 10,000 (a third of it checked); a third of everything is in the basket, and 2,000 distinct names
/// have a buying history.
final class HouseholdFixture: @unchecked Sendable {
    static let listCount = 10_000
    static let itemsPerList = 10
    static let bigListSize = 1_000
    static let hugeListSize = 10_000
    let location: DatabaseLocation
    private(set) var database: Database!
    private(set) var store: ListStore!
    private(set) var householdId = UUID()
    private(set) var bigList = UUID()
    private(set) var hugeList = UUID()
    private var bigItems: [UUID] = []
    private var purchased: [UUID: Bool] = [:]

    init(location: DatabaseLocation) {
        self.location = location
    }

    func load() async throws {
        database = try await Database.open(location, logger: Logger(label: "bench"))
        try await database.migrate()
        let clock = SystemClock()
        householdId = try await AccountStore(database: database, clock: clock)
            .register(name: "Bench", email: "bench-\(UUID().uuidString)@example.org", passwordHash: "x").householdId
        store = ListStore(database: database, clock: clock)
        let now = Date()
        let lists = (0..<Self.listCount).map { _ in UUID() }
        for chunk in stride(from: 0, to: lists.count, by: 1000) {
            let insert = database.sql.insert(into: "shopping_lists")
                .columns("id", "household_id", "name", "position", "created_at", "updated_at")
            for (offset, id) in lists[chunk..<min(chunk + 1000, lists.count)].enumerated() {
                insert.values(SQLBind(id), SQLBind(householdId), SQLBind("List \(chunk + offset)"), SQLBind(chunk + offset + 1), SQLBind(now), SQLBind(now))
            }
            try await insert.run()
        }
        var items: [(id: UUID, list: UUID, name: String, purchased: Bool)] = []
        for (index, list) in lists.enumerated() {
            for slot in 0..<Self.itemsPerList {
                let n = index * Self.itemsPerList + slot
                items.append((UUID(), list, "Item \(n % 2000)", n % 3 == 0))
            }
        }
        bigList = try await store.createList(id: nil, householdId: householdId, name: "Big shop", emoji: nil).list.id
        for n in 0..<Self.bigListSize {
            let item = (id: UUID(), list: bigList, name: "Big \(n)", purchased: false)
            items.append(item)
            bigItems.append(item.id)
            purchased[item.id] = false
        }
        hugeList = try await store.createList(id: nil, householdId: householdId, name: "Party", emoji: nil).list.id
        for n in 0..<Self.hugeListSize {
            items.append((id: UUID(), list: hugeList, name: "Huge \(n)", purchased: n % 3 == 0))
        }
        for chunk in stride(from: 0, to: items.count, by: 1000) {
            let insert = database.sql.insert(into: "list_items")
                .columns("id", "list_id", "household_id", "name", "name_key", "purchased", "changed_at", "created_at", "updated_at")
            for item in items[chunk..<min(chunk + 1000, items.count)] {
                insert.values(SQLBind(item.id), SQLBind(item.list), SQLBind(householdId), SQLBind(item.name), SQLBind(item.name.lowercased()),
                              SQLBind(item.purchased), SQLBind(now), SQLBind(now), SQLBind(now))
            }
            try await insert.run()
        }
        let history = database.sql.insert(into: "list_item_history")
            .columns("household_id", "name_key", "name", "added_count", "purchased_count", "last_used_at")
        for n in 0..<2000 {
            history.values(SQLBind(householdId), SQLBind("item \(n)"), SQLBind("Item \(n)"), SQLBind(50), SQLBind(n % 97), SQLBind(now))
        }
        try await history.run()
    }

    /// Checks an unchecked item of the big list or unchecks a checked one, stamped now.
    func toggleRandomItem() async throws -> ListItem {
        let id = bigItems.randomElement()!
        let next = !(purchased[id] ?? false)
        purchased[id] = next
        return try await store.updateItem(id: id, listId: bigList, householdId: householdId,
                                          .init(purchased: next, changedAt: Date()))
    }

    /// Every item of a list, as a client reading it page by page gets them.
    func readWhole(_ listId: UUID) async throws -> Int {
        try await store.listWithItems(id: listId, householdId: householdId).items.count
    }

    func close() async throws {
        try await database.close()
        if case .sqliteFile(let path) = location {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }
}
