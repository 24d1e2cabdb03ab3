import Foundation
import Logging
import Testing
@testable import HearthStore

/// Runs `body` while the database watches for the changes of other servers (PostgreSQL) and its
/// caches are on (`Database.watchChanges`).
func withWatch(_ database: Database, _ body: () async throws -> Void) async throws {
    let watch = Task { await database.watchChanges(logger: Logger(label: "test")) }
    do {
        try await eventually { database.watchedCaches.allSatisfy { $0.cache.isEnabled } }
        try await body()
    } catch {
        watch.cancel()
        await watch.value
        throw error
    }
    watch.cancel()
    await watch.value
}

/// Waits up to five seconds for `condition`.
func eventually(_ condition: () -> Bool) async throws {
    for _ in 0..<500 where !condition() {
        try await Task.sleep(for: .milliseconds(10))
    }
    #expect(condition())
}

/// Runs `body` with the databases of two servers on one PostgreSQL database (nothing without
/// PostgreSQL): the first watches for changes, so its caches are on while `body` runs; `body`
/// changes things through the second. Once the first stops listening, its caches are off.
func withTwoServers(_ body: (_ watching: Database, _ changing: Database) async throws -> Void) async throws {
    guard Backend.available.contains(.postgres) else { return }
    try await withDatabase(.postgres) { first in
        let second = try await Database.open(first.location, logger: Logger(label: "test"))
        do {
            try await withWatch(first) { try await body(first, second) }
            #expect(first.watchedCaches.allSatisfy { !$0.cache.isEnabled })
        } catch {
            try? await second.close()
            throw error
        }
        try await second.close()
    }
}
