import Benchmark
import Foundation
import HearthCore
import HearthStore
import Logging

/// Statistics for a user with 100,000 sessions (about 55 years of daily focus): the week, year and
/// streak queries, on SQLite and, when `HEARTH_TEST_POSTGRES_URL` is set, on PostgreSQL.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(5), maxIterations: 200)
    var backends: [(String, DatabaseLocation)] = [("SQLite", .sqliteMemory)]
    if let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"] {
        backends.append(("PostgreSQL", .postgres(url: url)))
    }
    for (name, location) in backends {
        let fixture = StatisticsFixture(location: location)
        let configuration = Benchmark.Configuration(setup: { try await fixture.load() }, teardown: { try await fixture.close() })
        Benchmark("Week totals, 100k sessions (\(name))", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.store.focusByDay(userId: fixture.userId, fromDay: fixture.today - 6, toDay: fixture.today))
            }
        }
        Benchmark("Year by day, 100k sessions (\(name))", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.store.focusByDay(userId: fixture.userId, fromDay: fixture.today - 364, toDay: fixture.today))
            }
        }
        Benchmark("Streaks, 100k sessions (\(name))", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.store.streaks(userId: fixture.userId, today: fixture.today))
            }
        }
    }
}

/// One user with 100,000 focus sessions, five a day, in a fresh database.
final class StatisticsFixture: @unchecked Sendable {
    static let sessionCount = 100_000
    let location: DatabaseLocation
    private(set) var database: Database!
    private(set) var store: FocusStore!
    private(set) var userId = UUID()
    let today = LocalDay.number(of: Date(), in: TimeZone(identifier: "UTC")!)

    init(location: DatabaseLocation) {
        self.location = location
    }

    func load() async throws {
        database = try await Database.open(location, logger: Logger(label: "bench"))
        try await database.migrate()
        let clock = SystemClock()
        let user = try await AccountStore(database: database, clock: clock)
            .register(name: "Bench", email: "bench-\(UUID().uuidString)@example.org", passwordHash: "x")
        userId = user.id
        store = FocusStore(database: database, clock: clock)
        let now = Date()
        let sessions = (0..<Self.sessionCount).map { index in
            let end = now - TimeInterval(index / 5) * 86_400 - TimeInterval(index % 5) * 1800
            return FocusSession(id: UUID(), kind: .focus, startedAt: end - 1500, endedAt: end, plannedSeconds: 1500,
                                actualSeconds: 1500, skipped: index % 7 == 0, label: nil)
        }
        for chunk in stride(from: 0, to: sessions.count, by: 5000) {
            try await store.insertSessions(Array(sessions[chunk..<min(chunk + 5000, sessions.count)]), userId: userId,
                                           timeZone: TimeZone(identifier: "UTC")!)
        }
    }

    func close() async throws {
        try await database.close()
    }
}
