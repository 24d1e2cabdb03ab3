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
    /// Who sessions and tokens belong to, for a few seconds (see ``CredentialCache``).
    public let credentialCache = CredentialCache.credentials()
    /// Pages of lists as `GET /api/v1/lists/{id}` last read them (see ``ListPageCache``).
    public let listPages = ListPageCache.pages()
    /// Users' timers and Focus settings (see ``TimerCache``).
    public let timers = TimerCache.timers()
    /// Where the data lives.
    let location: DatabaseLocation
    private let shutdownPool: @Sendable () async throws -> Void

    private init(sql: any SQLDatabase, location: DatabaseLocation, shutdown: @escaping @Sendable () async throws -> Void) {
        self.sql = sql
        self.location = location
        if case .postgres = location { kind = .postgres } else { kind = .sqlite }
        self.shutdownPool = shutdown
        // This process makes every change to an SQLite database that matters (see ReadCache); on
        // PostgreSQL the caches wait for `watchChanges` to listen.
        if kind == .sqlite {
            for (_, cache) in watchedCaches { cache.enable() }
        }
    }

    /// Opens the database and checks that it answers, so a bad URL fails at start-up with a clear error.
    public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> Database {
        let database: Database
        switch location {
        case .sqliteFile(let path):
            database = openSQLite(.file(path: path), location: location, logger: logger)
        case .sqliteMemory:
            database = openSQLite(.memory, location: location, logger: logger)
        case .postgres(let url):
            database = try openPostgres(url: url, logger: logger)
        }
        do {
            // Also for `.sqliteMemory`, which SQLiteKit keeps in a temporary file: tests and
            // benchmarks then write as the server does, not with a journal synced on every commit.
            if database.kind == .sqlite {
                try await database.run("PRAGMA journal_mode = WAL")
                try await database.run("PRAGMA synchronous = NORMAL")
            }
            // On the connection that writes: SQLite's readers open on the first read, so a copy
            // that is only checked and closed (`backup(to:logger:)`) never has one.
            try await database.sql.withSession { try await $0.raw("SELECT 1").run() }
        } catch {
            try? await database.close()
            throw StoreError.unreachable(describe(location), String(reflecting: error))
        }
        return database
    }

    private static func openSQLite(_ storage: SQLiteConfiguration.Storage, location: DatabaseLocation, logger: Logger) -> Database {
        let source = SQLiteConnectionSource(configuration: .init(storage: storage, enableForeignKeys: true))
        // One connection writes: SQLite serialises writers anyway, and a single connection makes
        // every transaction (held through `withSession`) exclusive without SQLITE_BUSY retries.
        // SELECTs outside a transaction read on their own connections meanwhile (WAL lets them),
        // so a request's reads do not queue behind the others' round trips to the thread pool.
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let writer = SQLiteConnectionPool(source: source, maximum: 1, eventLoop: eventLoop, logger: logger)
        let readers = SQLiteConnectionPool(source: source, maximum: sqliteReaders, eventLoop: eventLoop, logger: logger)
        let sql = SQLiteStoreDatabase(database: PooledSQLiteDatabase(pool: writer, eventLoop: eventLoop, logger: logger),
                                      readers: PooledSQLiteDatabase(pool: readers, eventLoop: eventLoop, logger: logger))
        return Database(sql: sql, location: location) {
            // Both pools close, even when the first cannot.
            var failure: (any Error)?
            do { try await readers.close() } catch { failure = error }
            try await writer.close()
            if let failure { throw failure }
        }
    }

    /// How many connections read an SQLite database at once.
    static let sqliteReaders = 4

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
        return Database(sql: pool.database(logger: logger).sql(queryLogLevel: nil), location: .postgres(url: url)) {
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
    let pool: SQLiteConnectionPool
    let eventLoop: any EventLoop
    let logger: Logger

    func withConnection<T>(_ closure: @escaping @Sendable (SQLiteConnection) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        let promise = eventLoop.makePromise(of: T.self)
        Task { [pool] in
            do {
                let connection = try await pool.lease()
                closure(connection).whenComplete { result in
                    pool.release(connection)
                    promise.completeWith(result)
                }
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }

    func withConnection<T>(_ closure: @escaping @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await pool.withConnection(closure)
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
