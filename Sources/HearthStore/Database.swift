import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// Where the data lives.
public enum DatabaseLocation: Sendable, Equatable {
    /// An SQLite file (created if missing), in WAL mode.
    case sqliteFile(path: String)
    /// A private in-memory SQLite database: for tests.
    case sqliteMemory
    /// A PostgreSQL server, as a `postgres://user:password@host:port/database` URL.
    case postgres(url: String)
}

/// The two SQL backends Hearth runs on.
public enum DatabaseKind: String, Sendable {
    case sqlite, postgres
}

/// An open connection pool to SQLite or PostgreSQL, with migrations applied by ``migrate()``.
public final class Database: Sendable {
    /// The query interface every store method uses.
    public let sql: any SQLDatabase
    public let kind: DatabaseKind
    private let shutdownPool: @Sendable () async throws -> Void

    private init(sql: any SQLDatabase, kind: DatabaseKind, shutdown: @escaping @Sendable () async throws -> Void) {
        self.sql = sql
        self.kind = kind
        self.shutdownPool = shutdown
    }

    /// Opens the database and checks that it answers, so a bad URL fails at start-up with a clear error.
    public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> Database {
        let database: Database
        switch location {
        case .sqliteFile(let path):
            database = openSQLite(.file(path: path), logger: logger)
        case .sqliteMemory:
            database = openSQLite(.memory, logger: logger)
        case .postgres(let url):
            database = try openPostgres(url: url, logger: logger)
        }
        do {
            if case .sqliteFile = location {
                try await database.run("PRAGMA journal_mode = WAL")
                try await database.run("PRAGMA synchronous = NORMAL")
            }
            try await database.run("SELECT 1")
        } catch {
            try? await database.close()
            throw StoreError.unreachable(describe(location), String(reflecting: error))
        }
        return database
    }

    private static func openSQLite(_ storage: SQLiteConfiguration.Storage, logger: Logger) -> Database {
        let source = SQLiteConnectionSource(configuration: .init(storage: storage, enableForeignKeys: true))
        // One connection: SQLite serialises writers anyway, and a single connection makes every
        // transaction (held through `withSession`) exclusive without SQLITE_BUSY retries.
        let pool = EventLoopConnectionPool(
            source: source, maxConnections: 1, requestTimeout: .seconds(30),
            logger: logger, on: MultiThreadedEventLoopGroup.singleton.next()
        )
        let box = UncheckedSendable(pool)
        let database = PooledSQLiteDatabase(box: box, logger: logger)
        // Queries are never logged: their bind values include emails and credential hashes.
        return Database(sql: database.sql(queryLogLevel: nil), kind: .sqlite) {
            try await box.value.close().get()
        }
    }

    private static func openPostgres(url: String, logger: Logger) throws -> Database {
        let configuration: SQLPostgresConfiguration
        do {
            configuration = try SQLPostgresConfiguration(url: url)
        } catch {
            throw StoreError.badDatabaseURL(redacted(url))
        }
        let pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: 4, requestTimeout: .seconds(10),
            logger: logger, on: MultiThreadedEventLoopGroup.singleton
        )
        let box = UncheckedSendable(pool)
        return Database(sql: pool.database(logger: logger).sql(queryLogLevel: nil), kind: .postgres) {
            try await box.value.shutdownAsync()
        }
    }

    /// Closes every connection. Call once when the app stops.
    public func close() async throws {
        try await shutdownPool()
    }

    /// Runs one statement without results.
    public func run(_ statement: String) async throws {
        try await sql.raw(SQLQueryString(statement)).run()
    }

    /// Runs `body` in one transaction on one connection: all of its writes land, or none do.
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let begin = kind == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN"
        return try await sql.withSession { connection in
            try await connection.raw(SQLQueryString(begin)).run()
            do {
                let result = try await body(connection)
                try await connection.raw("COMMIT").run()
                return result
            } catch {
                try? await connection.raw("ROLLBACK").run()
                throw error
            }
        }
    }

    private static func describe(_ location: DatabaseLocation) -> String {
        switch location {
        case .sqliteFile(let path): "SQLite at \(path)"
        case .sqliteMemory: "in-memory SQLite"
        case .postgres(let url): "PostgreSQL at \(redacted(url))"
        }
    }

    /// The URL without its password, for messages and logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "(an unreadable URL)" }
        if components.password != nil { components.password = "***" }
        return components.string ?? "(an unreadable URL)"
    }
}

/// Adapts a connection pool to `SQLiteDatabase`, so SQLKit can hand out pinned sessions for transactions.
private struct PooledSQLiteDatabase: SQLiteDatabase {
    let box: UncheckedSendable<EventLoopConnectionPool<SQLiteConnectionSource>>
    let logger: Logger

    var eventLoop: any EventLoop { box.value.eventLoop }

    func withConnection<T>(_ closure: @escaping @Sendable (SQLiteConnection) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        box.value.withConnection(logger: logger, closure)
    }

    func query(
        _ query: String, _ binds: [SQLiteData], logger: Logger,
        _ onRow: @escaping @Sendable (SQLiteRow) -> Void
    ) -> EventLoopFuture<Void> {
        withConnection { $0.query(query, binds, logger: logger, onRow) }
    }
}

/// AsyncKit's pools predate Sendable annotations but are thread-safe: they hop to their event loop
/// or take a lock internally (2026-11: async-kit 1.22 still lacks the conformance).
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
