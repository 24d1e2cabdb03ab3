import Benchmark
import Foundation
import HearthAPI
import HearthCore
import HearthStore
import Logging
import SQLKit

/// Lists at household scale, on SQLite and, when `HEARTH_TEST_POSTGRES_URL` is set, on PostgreSQL:
/// the statistics of 10,000 lists holding 100,000 items, checking or unchecking an item of a
/// 1,000-item list (what the server does for `PATCH /api/v1/lists/{id}/items/{itemId}`), and reading
/// a 1,000-item and a 10,000-item list whole (`GET /api/v1/lists/{id}`, following its pages). The
/// 1,000-item list is also read grouped by aisle (what a page and the CLI show), beside a read of it
/// as it was before aisles (the columns and decoding of then), for the ratio of the two in one run;
/// its page's JSON is written by JSONEncoder and directly (what the server does), for theirs; and
/// 1,000 everyday names are sorted into aisles by the dictionary.
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
        Benchmark("Read a 1,000-item list grouped by aisle (\(name))", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.readGrouped(fixture.bigList))
            }
        }
        Benchmark("Read a 1,000-item list as before aisles (\(name))", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.readAsBeforeAisles(fixture.bigList))
            }
        }
    }
    let page = ListPageFixture()
    Benchmark("Write a 1,000-item page's JSON with JSONEncoder", configuration: .init(setup: { try await page.load() })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try page.encoder.encode(page.document))
        }
    }
    Benchmark("Write a 1,000-item page's JSON directly", configuration: .init(setup: { try await page.load() })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(page.document.json())
        }
    }
    let words = try! ShoppingWords.load(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/HearthServer/Resources/shopping-words"))
    let names = (0..<1000).map { everydayNames[$0 % everydayNames.count] + ($0 < everydayNames.count ? "" : " \($0)") }
    Benchmark("Sort 1,000 names into aisles", configuration: .init(metrics: [.wallClock, .throughput])) { benchmark in
        for _ in benchmark.scaledIterations {
            for name in names { blackHole(words.category(of: name)) }
        }
    }
}

/// Names as people type them, in the six languages (with quantities, compounds and unknown words).
let everydayNames = [
    "Milk", "2 l oat milk", "Bananen", "pommes", "Vollmilch", "Frozen peas", "Toilet paper", "Cat food", "Bread", "Eggs",
    "Tiefkühlpizza", "lait d'avoine", "pan integral", "passata di pomodoro", "hagelslag", "Washing-up liquid", "Coffee beans",
    "Shampoo", "Nappies size 4", "Dog treats", "Flux capacitor", "Chicken thighs 1 kg", "Greek yoghurt", "Crisps", "Sparkling water",
]

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
        store = ListStore(database: database, clock: clock, words: try ShoppingWords.load(from: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/HearthServer/Resources/shopping-words")))
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
            let item = (id: UUID(), list: bigList, name: "\(everydayNames[n % everydayNames.count]) \(n)", purchased: false)
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
        try await store.categoriseUncategorised() // every item in its aisle, as the server starts with them
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

    /// A list read whole and its items to buy grouped by aisle in Hearth's order.
    func readGrouped(_ listId: UUID) async throws -> Int {
        let items = try await store.listWithItems(id: listId, householdId: householdId).items
        return AisleOrder.groups(items.filter { !$0.purchased }, aisles: ShoppingCategory.defaultAisleOrder).count + items.count
    }

    /// The same list read as the store read it before aisles: its list row, then the two parts in
    /// index order with the columns of then, decoded as then.
    func readAsBeforeAisles(_ listId: UUID) async throws -> Int {
        _ = try await store.list(id: listId, householdId: householdId, includingDeleted: true)
        let columns = "id, list_id, name, quantity_amount, quantity_unit, note, purchased, changed_at, created_at, updated_at"
        var count = 0
        for part: SQLQueryString in [
            "SELECT \(unsafeRaw: columns) FROM list_items WHERE list_id = \(bind: listId) AND purchased = \(bind: false) ORDER BY created_at, id",
            "SELECT \(unsafeRaw: columns) FROM list_items WHERE list_id = \(bind: listId) AND purchased = \(bind: true) ORDER BY changed_at DESC, created_at, id",
        ] {
            count += try await database.sql.raw(part).all().map { row in
                ListItem(id: try row.decode(column: "id", as: UUID.self), listId: try row.decode(column: "list_id", as: UUID.self),
                         name: try row.decode(column: "name", as: String.self),
                         quantity: try row.decode(column: "quantity_amount", as: String?.self)
                             .flatMap { Quantity(amountText: $0, unit: try row.decode(column: "quantity_unit", as: String?.self)) },
                         note: try row.decode(column: "note", as: String?.self), purchased: try row.decode(column: "purchased", as: Bool.self),
                         changedAt: try row.decode(column: "changed_at", as: Date.self), createdAt: try row.decode(column: "created_at", as: Date.self),
                         updatedAt: try row.decode(column: "updated_at", as: Date.self))
            }.count
        }
        return count
    }

    func close() async throws {
        try await database.close()
        if case .sqliteFile(let path) = location {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }
}

/// The API's page of a 1,000-item list, with the JSONEncoder the server's generated code uses
/// (compact, Hearth's dates).
final class ListPageFixture: @unchecked Sendable {
    private(set) var document = Components.Schemas.ShoppingList(id: "", name: "", position: 1, itemCount: 0, purchasedCount: 0,
                                                                 createdAt: Date(), updatedAt: Date())
    let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var value = encoder.singleValueContainer()
            try value.encode(RFC3339.string(from: date))
        }
        return encoder
    }()

    func load() async throws {
        let now = Date()
        let items = (0..<1000).map { n -> Components.Schemas.ListItem in
            let name = everydayNames[n % everydayNames.count] + " \(n)"
            let quantity: String? = n % 3 == 0 ? "2 l" : nil
            let note: String? = n % 10 == 0 ? "the organic one" : nil
            let position: Int? = n % 4 == 0 ? n : nil
            let added = now.addingTimeInterval(Double(n))
            return .init(id: UUID().text, name: name, quantity: quantity, note: note, purchased: false, changedAt: added,
                         createdAt: added, category: .produce, position: position)
        }
        document = .init(id: UUID().text, name: "Big shop", emoji: "🛒", position: 1, itemCount: 1000, purchasedCount: 0, createdAt: now,
                         updatedAt: now, aisles: Components.Schemas.ShoppingCategory.allCases, items: items)
    }
}
