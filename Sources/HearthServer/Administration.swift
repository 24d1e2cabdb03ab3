import Foundation
import HearthCore
import HearthStore
import Logging
import Prometheus

/// What the `hearth` CLI does directly on the database, without a running server.
public enum Administration {
    /// Applies pending migrations and returns their numbers.
    public static func migrate(_ configuration: AppConfiguration) async throws -> [Int] {
        try await withDatabase(configuration) { database in try await database.migrate() }
    }

    /// Creates a user (also when registration is closed) with a household of their own.
    public static func createUser(
        _ configuration: AppConfiguration, name: String, email: String, password: String, timeZone: String? = nil
    ) async throws -> User {
        try await withServices(configuration) { services in
            try await services.accountService.register(name: name, email: email, password: password, timeZone: timeZone,
                                                       address: nil, bypassClosedRegistration: true)
        }
    }

    /// Sets a new password and signs the user out everywhere.
    public static func resetPassword(_ configuration: AppConfiguration, email: String, password: String) async throws {
        try await withServices(configuration) { services in
            try await services.accountService.resetPassword(email: email, new: password)
        }
    }

    /// Copies the SQLite database to `path` while a server may be writing to it (see
    /// ``Database/backup(to:logger:)``); returns the size of the copy.
    public static func backupDatabase(_ configuration: AppConfiguration, to path: String) async throws -> Int {
        switch try configuration.databaseLocation() {
        case .postgres: throw Database.BackupError.postgres
        case .sqliteFile(let source) where !FileManager.default.fileExists(atPath: source): throw Database.BackupError.noDatabase(source)
        default: break
        }
        return try await withDatabase(configuration) { database in try await database.backup(to: path, logger: Logger(label: "hearth")) }
    }

    /// Every route the server answers, `METHOD /path/{parameter}`, sorted by path: pages, files'
    /// folders excluded, and the API. Built from the same router as `hearth serve`, without data.
    public static func routes() async throws -> [String] {
        let configuration = AppConfiguration(logLevel: .error, passwordCost: 4, inMemoryDatabase: true)
        var quiet = Logger(label: "hearth")
        quiet.logLevel = .error
        return try await withServices(configuration) { services in
            _ = try buildRouter(services, metrics: PrometheusCollectorRegistry(), logger: quiet)
            return services.routes.all.map(\.description)
        }
    }

    private static func withDatabase<T>(_ configuration: AppConfiguration, _ body: (Database) async throws -> T) async throws -> T {
        var logger = Logger(label: "hearth")
        logger.logLevel = configuration.logLevel
        let database = try await Database.open(try configuration.databaseLocation(), logger: logger)
        do {
            let result = try await body(database)
            try await database.close()
            return result
        } catch {
            try? await database.close()
            throw error
        }
    }

    private static func withServices<T>(_ configuration: AppConfiguration, _ body: (AppServices) async throws -> T) async throws -> T {
        try await withDatabase(configuration) { database in
            try await database.migrate()
            return try await body(try await AppServices.make(configuration: configuration, database: database))
        }
    }
}
