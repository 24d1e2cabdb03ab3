import Benchmark
import Foundation
import HearthKit

/// The sync feed and HearthKit at household scale (issue 32's figures), on SQLite and, when
/// `HEARTH_TEST_POSTGRES_URL` is set, on PostgreSQL: the whole server runs in this process on a
/// port of this machine, with one household of 20,000 inventory items (a spreadsheet import) and
/// 5,000 list items (made on a HearthKit replica and pushed). Measured:
/// - a page of 1,000 changes of the feed, in the middle of a full snapshot;
/// - an incremental read that finds nothing new;
///   each by the server's own time (its `Server-Timing`, the "server μs" metric) beside the wall
///   clock of the whole request;
/// - a first full sync of the household into an empty HearthKit replica (pull to the end, each
///   change stored), by the wall clock.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, SyncFixture.serverTime], maxDuration: .seconds(5), maxIterations: 1000)
    var backends: [(String, String?)] = [("SQLite", nil)]
    if let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"] {
        backends.append(("PostgreSQL", url))
    }
    for (name, postgresURL) in backends {
        let fixture = SyncFixture(postgresServerURL: postgresURL)
        let setup: Benchmark.Configuration = .init(setup: { try await fixture.load() }, teardown: { try await fixture.close() })
        Benchmark("Feed: a page of 1,000 changes (\(name))", configuration: setup) { benchmark in
            for _ in benchmark.scaledIterations {
                benchmark.measurement(SyncFixture.serverTime, try await fixture.serverMicroseconds(since: fixture.middleCursor, limit: 1000))
            }
        }
        Benchmark("Feed: a read with nothing new (\(name))", configuration: setup) { benchmark in
            for _ in benchmark.scaledIterations {
                benchmark.measurement(SyncFixture.serverTime, try await fixture.serverMicroseconds(since: fixture.endCursor, limit: 1000))
            }
        }
        Benchmark(
            "HearthKit: a first full sync of 20,000 items and 5,000 list items (\(name))",
            configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 5,
                                 setup: { try await fixture.load() }, teardown: { try await fixture.close() })
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let round = try await SyncEngine(replica: try Replica(), client: fixture.client).sync()
                guard round.pulled >= SyncFixture.itemCount + SyncFixture.listItemCount else { throw SyncFixture.Failure.short(round.pulled) }
            }
        }
    }
}
