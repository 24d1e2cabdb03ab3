import Foundation
import HearthCore
import Logging
import Synchronization
import Testing
@testable import HearthStore

/// The cluster's periodic jobs (the purge, the nightly backups) run on one server at a time and
/// once per interval, whichever server offers first.
@Suite struct ClusterJobTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: Backend.available)
    func aJobRunsOncePerInterval(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let runs = Mutex(0)
            let job: @Sendable () async throws -> Void = { runs.withLock { $0 += 1 } }
            let first = try await database.run(.purge, every: 3600, now: start, locks: nil, job)
            let tooSoon = try await database.run(.purge, every: 3600, now: start + 1200, locks: nil, job)
            let other = try await database.run(.nightlyBackups, every: 3600, now: start + 1200, locks: nil, job)
            let due = try await database.run(.purge, every: 3600, now: start + 3600, locks: nil, job)
            #expect(first && !tooSoon && due)
            #expect(other, "each job keeps its own time")
            #expect(runs.withLock { $0 } == 3)
        }
    }

    @Test func aJobRunningOnOneServerIsNotRunOnAnother() async throws {
        try await withTwoServers { first, second in
            let logger = Logger(label: "test")
            let (one, other) = (try #require(SessionLocks(database: first, logger: logger)), try #require(SessionLocks(database: second, logger: logger)))
            let (started, signal) = AsyncStream.makeStream(of: Void.self)
            let (release, go) = AsyncStream.makeStream(of: Void.self)
            let running = Task {
                try await first.run(.purge, every: 3600, now: start, locks: one) {
                    signal.yield()
                    for await _ in release { break }
                }
            }
            for await _ in started { break }
            let meanwhile = try await second.run(.purge, every: 0, now: start, locks: other) {}
            #expect(!meanwhile, "the first server holds it")
            go.yield()
            #expect(try await running.value)
            let afterwards = try await second.run(.purge, every: 0, now: start, locks: other) {}
            #expect(afterwards, "free again once it ended")
            await one.close()
            await other.close()
        }
    }
}
