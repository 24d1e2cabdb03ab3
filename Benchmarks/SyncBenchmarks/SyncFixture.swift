import Benchmark
import Foundation
import HearthAPI
import HearthKit
import HearthServer
import HearthStore
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Hearth server in this process (on a temporary SQLite file, or a new database on the
/// PostgreSQL server of `postgresServerURL`, dropped at teardown) with one household: an account,
/// ``itemCount`` inventory items imported from a spreadsheet, and ``listItemCount`` items on one
/// list, pushed by a HearthKit replica. Package-benchmark runs each benchmark in a process of its
/// own, so each loads its own.
final class SyncFixture: @unchecked Sendable {
    static let itemCount = 20_000
    static let listItemCount = 5_000
    /// The server's own time for a request, from its `Server-Timing` header.
    static let serverTime = BenchmarkMetric.custom("server μs", polarity: .prefersSmaller, useScalingFactor: false)

    enum Failure: Error {
        case unreadableURL, serverDidNotStart, refused(String), short(Int)
    }

    let postgresServerURL: String?
    private(set) var client: Client!
    private(set) var middleCursor = ""
    private(set) var endCursor = ""
    private var base: URL!
    private var token = ""
    private var server: Task<Void, any Error>?
    private var removeStorage: @Sendable () async throws -> Void = {}
    private let session = URLSession(configuration: .ephemeral)

    init(postgresServerURL: String?) {
        self.postgresServerURL = postgresServerURL
    }

    func load() async throws {
        let started = ContinuousClock.now
        var configuration = AppConfiguration(port: 0,
                                             dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("hearth-sync-bench-\(UUID())").path,
                                             logLevel: .warning, passwordCost: 4)
        if let postgresServerURL { configuration.databaseURL = try await makeDatabase(on: postgresServerURL) }
        let directory = configuration.dataDirectory
        let previous = removeStorage
        removeStorage = { try await previous(); try? FileManager.default.removeItem(atPath: directory) }
        // A port another process holds (or one a benchmark before has not let go of) stops the
        // server at once: another port then.
        for attempt in 1...5 {
            configuration.port = Int.random(in: 20_000..<60_000)
            let app = try await buildApplication(configuration)
            let ended = Ended()
            server = Task {
                defer { Task { await ended.set() } }
                try await app.runService()
            }
            base = URL(string: "http://127.0.0.1:\(configuration.port)")!
            do {
                try await waitUntilAnswering(unless: ended)
                break
            } catch Failure.serverDidNotStart where attempt < 5 {
                continue
            }
        }

        let anonymous = HearthConnection.client(serverURL: base, token: "")
        let email = "bench@example.org", password = "correct horse battery"
        _ = try await anonymous.register(.init(body: .json(.init(name: "Ada", email: email, password: password))))
        guard case .created(let created) = try await anonymous.createToken(.init(body: .json(.init(email: email, password: password, name: "Bench")))),
              case .json(let body) = created.body else { throw Failure.refused("a token") }
        token = body.token
        client = HearthConnection.client(serverURL: base, token: token)

        try await importItems()
        let filler = SyncEngine(replica: try Replica(), client: client)
        let list = try filler.replica.createList(named: "Everything")
        for index in 0..<Self.listItemCount { try filler.replica.addItem(named: "Thing \(index)", toList: list) }
        try await filler.sync()
        guard try filler.replica.pendingCount() == 0 else { throw Failure.refused("the list items") }

        // Where the benchmarks read from: halfway through a snapshot, and its end.
        var cursor: String?
        var pages = 0
        while true {
            let page = try await feedPage(since: cursor)
            pages += 1
            if pages == 12 { middleCursor = page.cursor }
            cursor = page.cursor
            if !page.hasMore { break }
        }
        endCursor = cursor ?? ""
        let seconds = Double(started.duration(to: .now).components.seconds)
        let loaded = "Loaded a household of \(Self.itemCount) items and \(Self.listItemCount) list items (\(pages) pages of the feed) in \(Int(seconds)) s\n"
        FileHandle.standardError.write(Data(loaded.utf8))
    }

    func close() async throws {
        server?.cancel()
        _ = try? await server?.value
        try await removeStorage()
    }

    /// The server's time, in microseconds, for a page of the feed.
    func serverMicroseconds(since cursor: String, limit: Int) async throws -> Int {
        var request = URLRequest(url: base.appending(path: "/api/v1/sync/changes").appending(queryItems: [
            URLQueryItem(name: "since", value: cursor), URLQueryItem(name: "limit", value: String(limit)),
        ]))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200,
              let timing = http.value(forHTTPHeaderField: "Server-Timing"), let milliseconds = Double(timing.replacingOccurrences(of: "app;dur=", with: ""))
        else { throw Failure.refused("the feed: \(String(decoding: data.prefix(300), as: UTF8.self))") }
        return Int((milliseconds * 1000).rounded())
    }

    private func feedPage(since cursor: String?) async throws -> Components.Schemas.SyncChangePage {
        guard case .ok(let ok) = try await client.getSyncChanges(.init(query: .init(since: cursor, limit: 1000))), case .json(let page) = ok.body
        else { throw Failure.refused("the feed") }
        return page
    }

    /// The items, as a Hearth spreadsheet a person might keep: rooms, categories, brands, prices.
    private func importItems() async throws {
        let rooms = ["Kitchen", "Living room", "Bedroom", "Garage", "Office", "Hall"]
        let categories = ["Electronics", "Furniture", "Tools", "Kitchenware", "Books", "Clothing"]
        var csv = "Name,Room,Category,Quantity,Brand,Purchase price,Purchase currency\r\n"
        for index in 0..<Self.itemCount {
            csv += "Thing \(index),\(rooms[index % rooms.count]),\(categories[index % categories.count]),\(1 + index % 3),"
                + "\(index % 4 == 0 ? "Acme" : ""),\(index % 5 == 0 ? "" : "\(10 + index % 900).50"),\(index % 5 == 0 ? "" : "USD")\r\n"
        }
        let boundary = "hearth-bench"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"items.csv\"\r\nContent-Type: text/csv\r\n\r\n".utf8)
        body += Data(csv.utf8) + Data("\r\n--\(boundary)--\r\n".utf8)
        var request = URLRequest(url: base.appending(path: "/api/v1/inventory/import").appending(queryItems: [URLQueryItem(name: "format", value: "hearth")]))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        request.timeoutInterval = 600
        let (data, response) = try await session.upload(for: request, from: body)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw Failure.refused("the import: \(String(decoding: data.prefix(300), as: UTF8.self))") }
    }

    private func waitUntilAnswering(unless ended: Ended) async throws {
        for _ in 0..<600 {
            if let (_, response) = try? await session.data(from: base.appending(path: "/health")), (response as? HTTPURLResponse)?.statusCode == 200 { return }
            if await ended.value { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure.serverDidNotStart
    }

    /// Whether a server's task has ended (it could not listen).
    actor Ended {
        private(set) var value = false
        func set() { value = true }
    }

    /// A new database on the PostgreSQL server, dropped at teardown.
    private func makeDatabase(on serverURL: String) async throws -> String {
        let name = "hearth_sync_bench_\(UUID().uuidString.prefix(8).lowercased())"
        guard var components = URLComponents(string: serverURL) else { throw Failure.unreadableURL }
        components.path = "/" + name
        guard let url = components.string else { throw Failure.unreadableURL }
        let logger = Logger(label: "bench")
        let server = try await Database.open(.postgres(url: serverURL), logger: logger)
        try await server.run("CREATE DATABASE \(name)")
        try await server.close()
        removeStorage = {
            let server = try await Database.open(.postgres(url: serverURL), logger: logger)
            try await server.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            try await server.close()
        }
        return url
    }
}
