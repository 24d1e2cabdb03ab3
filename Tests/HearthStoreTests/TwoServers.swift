import Foundation
import Logging
import Testing
@testable import HearthStore

/// Runs `body` with the databases of two servers on one PostgreSQL database (nothing without
/// PostgreSQL): what `body` changes through one, it reads through the other.
func withTwoServers(_ body: (_ first: Database, _ second: Database) async throws -> Void) async throws {
    guard Backend.available.contains(.postgres) else { return }
    try await withDatabase(.postgres) { first in
        let second = try await Database.open(first.location, logger: Logger(label: "test"))
        do {
            try await body(first, second)
        } catch {
            try? await second.close()
            throw error
        }
        try await second.close()
    }
}
