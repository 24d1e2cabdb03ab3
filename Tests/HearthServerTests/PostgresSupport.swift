import Foundation
import HearthStore
import Logging
import Testing

/// The PostgreSQL server `make test` starts, if any (`HEARTH_TEST_POSTGRES_URL`).
let testPostgresURL = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"]

/// Where a server keeps what its servers share: in memory (one server on SQLite) or in the
/// database (a cluster on PostgreSQL, when `make test` provides one).
enum Keeping: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, inDatabase
    static var available: [Keeping] { testPostgresURL == nil ? [.inMemory] : [.inMemory, .inDatabase] }
    var testDescription: String { rawValue }
}

/// Runs `body` with a fresh, migrated PostgreSQL database's URL (nothing without PostgreSQL), and
/// drops the database afterwards.
func withPostgresDatabase(_ body: (String) async throws -> Void) async throws {
    guard let adminURL = testPostgresURL else { return }
    let logger = Logger(label: "test")
    let name = "s_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    let admin = try await Database.open(.postgres(url: adminURL), logger: logger)
    try await admin.run("CREATE DATABASE \(name)")
    var components = URLComponents(string: adminURL)!
    components.path = "/" + name
    do {
        let database = try await Database.open(.postgres(url: components.string!), logger: logger)
        try await database.migrate()
        try await database.close()
        try await body(components.string!)
    } catch {
        try? await admin.run("DROP DATABASE \(name) WITH (FORCE)")
        try? await admin.close()
        throw error
    }
    try await admin.run("DROP DATABASE \(name) WITH (FORCE)")
    try await admin.close()
}
