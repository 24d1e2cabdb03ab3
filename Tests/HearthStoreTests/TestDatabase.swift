import Foundation
import HearthCore
import Logging
@testable import HearthStore
import Testing

/// The backends the contract suite runs on: SQLite always, PostgreSQL when `make test` provides
/// a throwaway server through `HEARTH_TEST_POSTGRES_URL`.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static var available: [Backend] {
        ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"] == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    var testDescription: String { rawValue }
}

/// Opens a fresh database on `backend` (a new PostgreSQL database per test), migrated through
/// migration `through` (all without it), runs `body`, and removes it.
@discardableResult
func withDatabase<T>(_ backend: Backend, through: Int? = nil, _ body: (Database) async throws -> T) async throws -> T {
    let logger = Logger(label: "test")
    switch backend {
    case .sqlite:
        let database = try await Database.open(.sqliteMemory, logger: logger)
        try await database.migrate(through: through)
        do {
            let result = try await body(database)
            try await database.close()
            return result
        } catch {
            try? await database.close()
            throw error
        }
    case .postgres:
        let adminURL = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"]!
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try await Database.open(.postgres(url: adminURL), logger: logger)
        try await admin.run("CREATE DATABASE \(name)")
        var components = URLComponents(string: adminURL)!
        components.path = "/" + name
        let database = try await Database.open(.postgres(url: components.string!), logger: logger)
        do {
            try await database.migrate(through: through)
            let result = try await body(database)
            try await database.close()
            try await admin.run("DROP DATABASE \(name)")
            try await admin.close()
            return result
        } catch {
            try? await database.close()
            try? await admin.run("DROP DATABASE \(name)")
            try? await admin.close()
            throw error
        }
    }
}
