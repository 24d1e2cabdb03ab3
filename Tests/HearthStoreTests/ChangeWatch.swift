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
