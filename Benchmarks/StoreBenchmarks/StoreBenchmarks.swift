import Benchmark
import Foundation
import HearthCore
import HearthStore
import Logging

/// What every authenticated request pays before its handler runs: finding the user of a bearer
/// token or a session cookie, on the embedded SQLite database. "remembered" is what a request pays
/// within `CredentialCache.lifetime` of the last one; "looked up" clears the cache every time, as
/// the first request after a revocation or a user change does.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(5))

    Benchmark("Token lookup, remembered (SQLite)", configuration: .init(setup: setUp, teardown: tearDown)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await fixture.credentials.tokenUser(tokenHash: "token-hash"))
        }
    }

    Benchmark("Token lookup, looked up (SQLite)", configuration: .init(setup: setUp, teardown: tearDown)) { benchmark in
        for _ in benchmark.scaledIterations {
            fixture.database.credentialCache.clear()
            blackHole(try await fixture.credentials.tokenUser(tokenHash: "token-hash"))
        }
    }

    Benchmark("Session lookup, remembered (SQLite)", configuration: .init(setup: setUp, teardown: tearDown)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await fixture.credentials.sessionUser(tokenHash: "session-hash"))
        }
    }
}

/// An in-memory database with one user holding a token and a session.
struct Fixture {
    let database: Database
    let credentials: CredentialStore
}

nonisolated(unsafe) var fixture: Fixture!

@Sendable func setUp() async throws {
    let database = try await Database.open(.sqliteMemory, logger: Logger(label: "bench"))
    try await database.migrate()
    let clock = SystemClock()
    let user = try await AccountStore(database: database, clock: clock)
        .register(name: "Bench", email: "bench@example.org", passwordHash: "x")
    let credentials = CredentialStore(database: database, clock: clock)
    _ = try await credentials.createToken(userId: user.id, name: "bench", tokenHash: "token-hash")
    try await credentials.createSession(userId: user.id, tokenHash: "session-hash")
    fixture = Fixture(database: database, credentials: credentials)
}

@Sendable func tearDown() async throws {
    try await fixture.database.close()
}
