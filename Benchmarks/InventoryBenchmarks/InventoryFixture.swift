import Foundation
import HearthCore
import HearthStore
import Logging
import SQLKit

/// One household's inventory of `itemCount` items in a database of its own: a temporary SQLite
/// file (what people run), or a new database on the PostgreSQL server of
/// `HEARTH_TEST_POSTGRES_URL`, dropped again at teardown. Package-benchmark runs every benchmark in
/// a process of its own, so each one loads its own household.
final class InventoryFixture: @unchecked Sendable {
    /// Where the household is kept.
    enum Backend: Sendable {
        case sqliteFile
        /// A PostgreSQL server, by the URL of a database on it that may create others.
        case postgres(serverURL: String)

        var name: String {
            switch self {
            case .sqliteFile: "SQLite"
            case .postgres: "PostgreSQL"
            }
        }
    }

    let itemCount: Int
    /// Whether most items get one to three photo rows (as people's inventories have), or none (as a
    /// spreadsheet import gives).
    let photos: Bool
    let backend: Backend
    private(set) var database: Database!
    private(set) var store: InventoryStore!
    private(set) var householdId = UUID()
    private var removeStorage: @Sendable () async throws -> Void = {}
    let logger = Logger(label: "bench")

    init(backend: Backend, itemCount: Int = 20_000, photos: Bool = true) {
        self.backend = backend
        self.itemCount = itemCount
        self.photos = photos
    }

    /// Opens an empty database, migrates it and fills the household; tells on stderr how long that
    /// took and how many items the shortest and a longer search text find (none is an error).
    func load() async throws {
        let started = ContinuousClock.now
        database = try await Database.open(try await makeStorage(), logger: logger)
        try await database.migrate()
        let clock = SystemClock()
        householdId = try await AccountStore(database: database, clock: clock)
            .register(name: "Bench", email: "bench@example.org", passwordHash: "x").householdId
        store = InventoryStore(database: database, clock: clock)
        try await fillHousehold()
        let elapsed = started.duration(to: .now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let (short, longer) = (try await matchCount("sa"), try await matchCount("sams"))
        guard longer > 0 else { throw FixtureError.searchFindsNothing }
        FileHandle.standardError.write(Data("""
            Loaded \(itemCount) items on \(backend.name) in \(String(format: "%.1f", seconds)) s; \
            "sa" finds \(short) of them, "sams" \(longer)

            """.utf8))
    }

    /// Closes the database and removes it.
    func close() async throws {
        try await database?.close()
        try await removeStorage()
    }

    /// How many items a search for `text` finds.
    private func matchCount(_ text: String) async throws -> Int {
        try await store.items(householdId: householdId, ItemQuery(text: text, limit: 1)).total
    }

    /// A new, empty database for this fixture, and how to remove it afterwards.
    private func makeStorage() async throws -> DatabaseLocation {
        switch backend {
        case .sqliteFile:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-inventory-bench-\(UUID().uuidString).sqlite").path
            removeStorage = {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            return .sqliteFile(path: path)
        case .postgres(let serverURL):
            let name = "hearth_bench_\(UUID().uuidString.prefix(8).lowercased())"
            guard var components = URLComponents(string: serverURL) else { throw FixtureError.unreadableURL }
            components.path = "/" + name
            guard let url = components.string else { throw FixtureError.unreadableURL }
            let logger = logger
            let server = try await Database.open(.postgres(url: serverURL), logger: logger)
            try await server.run("CREATE DATABASE \(name)")
            try await server.close()
            removeStorage = {
                let server = try await Database.open(.postgres(url: serverURL), logger: logger)
                try await server.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
                try await server.close()
            }
            return .postgres(url: url)
        }
    }
}

/// Why the fixture could not be set up.
enum FixtureError: Error {
    /// HEARTH_TEST_POSTGRES_URL is not a URL whose database name can be replaced.
    case unreadableURL
    /// Searching the loaded household for a brand it holds found nothing.
    case searchFindsNothing
}
