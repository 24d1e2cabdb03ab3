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
    public let credentialCache: CredentialCache
    /// Pages of lists as `GET /api/v1/lists/{id}` last read them (see ``ListPageCache``).
    public let listPages: ListPageCache
    /// Users' timers and Focus settings (see ``TimerCache``).
    public let timers: TimerCache
    /// Where the data lives.
    let location: DatabaseLocation
    private let shutdownPool: @Sendable () async throws -> Void

    private init(sql: any SQLDatabase, location: DatabaseLocation, shutdown: @escaping @Sendable () async throws -> Void) {
        self.sql = sql
        self.location = location
        if case .postgres = location { kind = .postgres } else { kind = .sqlite }
        self.shutdownPool = shutdown
        // This process makes every change to an SQLite database that matters; on PostgreSQL other
        // servers change it too, and every request reads what it needs (see ReadCache).
        let cached = kind == .sqlite
        credentialCache = .credentials(isOn: cached)
        listPages = .pages(isOn: cached)
        timers = .timers(isOn: cached)
    }

    /// Opens the database and checks that it answers, so a bad URL fails at start-up with a clear error.
    public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> Database {
        let database: Database
        switch location {
        case .sqliteFile(let path):
            database = openSQLite(path: path, location: location, logger: logger)
        case .sqliteMemory:
            // A file of its own in the temporary directory, as SQLiteKit kept its "memory" databases:
            // the writer and the readers share it. Removed on close.
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-\(UUID().text).sqlite3").path
            database = openSQLite(path: path, location: location, logger: logger, removingFilesOnClose: true)
        case .postgres(let url):
            database = try openPostgres(url: url, logger: logger)
        }
        do {
            // Also for `.sqliteMemory`, which is a temporary file: tests and
            // benchmarks then write as the server does, not with a journal synced on every commit.
            // The file's mode, kept in the file (the writer's own settings: `writerSetUp`).
            if database.kind == .sqlite { try await database.run("PRAGMA journal_mode = WAL") }
            // On the connection that writes: SQLite's readers open on the first read, so a copy
            // that is only checked and closed (`backup(to:logger:)`) never has one.
            try await database.sql.withSession { try await $0.raw("SELECT 1").run() }
        } catch {
            try? await database.close()
            throw StoreError.unreachable(describe(location), String(reflecting: error))
        }
        return database
    }

    private static func openSQLite(path: String, location: DatabaseLocation, logger: Logger, removingFilesOnClose: Bool = false) -> Database {
        // One connection writes: SQLite serialises writers anyway, and a single connection makes
        // every transaction (held through `withSession`) exclusive without SQLITE_BUSY retries.
        // SELECTs outside a transaction read on their own connections meanwhile (WAL lets them),
        // so a request's reads do not queue behind the others' round trips to the thread pool.
        let checkpointer = SQLiteCheckpointer(path: path)
        let writerThread = SQLiteWriterThread()
        let writer = SQLiteConnectionPool(path: path, maximum: 1, setUp: writerSetUp(checkpointer, on: writerThread))
        let readers = SQLiteConnectionPool(path: path, maximum: sqliteReaders)
        let sql = SQLiteStoreDatabase(connections: .pools(writer: writer, readers: readers),
                                      eventLoop: MultiThreadedEventLoopGroup.singleton.next(), logger: logger)
        return Database(sql: sql, location: location) {
            await checkpointer.stop()
            // The pools and the writer's thread each close, even when one before cannot.
            var failure: (any Error)?
            do { try await readers.close() } catch { failure = error }
            do { try await writer.close() } catch { failure = failure ?? error }
            do { try await writerThread.close() } catch { failure = failure ?? error }
            if removingFilesOnClose {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            if let failure { throw failure }
        }
    }

    /// The writing connection's settings, also when the pool opens it again (after a cancelled transaction).
    private static func writerSetUp(_ checkpointer: SQLiteCheckpointer, on thread: SQLiteWriterThread) -> SQLiteConnectionSetup {
        SQLiteConnectionSetup(calls: .writer(thread), pragmas: [
            // Commits are not synced; checkpoints are. In WAL mode that is durable against a crash of
            // the process (the crash trials), not of the machine's power.
            "PRAGMA synchronous = NORMAL",
            // The writer's page cache may grow to 64 MB (SQLite's default is 2 MB), so a write
            // of 100,000 items in one transaction (an import) is not spilled to the WAL while
            // it runs and read back.
            "PRAGMA cache_size = -65536",
            // Statement journals (a multi-row INSERT within a transaction keeps one) in memory,
            // not in a temporary file written page by page: a restore of 100,000 items spent a
            // tenth of its time there.
            "PRAGMA temp_store = MEMORY",
        ], checkpointer: checkpointer)
    }

    /// How many connections read an SQLite database at once.
    static let sqliteReaders = 4

    private static func openPostgres(url: String, logger: Logger) throws -> Database {
        var configuration: SQLPostgresConfiguration
        do {
            configuration = try SQLPostgresConfiguration(url: url)
        } catch {
            throw StoreError.badDatabaseURL(redacted(url))
        }
        // The statements Hearth prepares (`SQLPrepared`) are the hot paths' look-ups by key: one
        // plan fits every bind. PostgreSQL would otherwise plan the first five runs on each
        // connection for their binds, and every later run too where its one plan looks dearer.
        configuration.coreConfiguration.options.additionalStartupParameters.append(("plan_cache_mode", "force_generic_plan"))
        let pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: 4, requestTimeout: .seconds(10),
            logger: logger, on: MultiThreadedEventLoopGroup.singleton
        )
        let box = UncheckedSendable(pool)
        return Database(sql: PostgresStoreDatabase(database: pool.database(logger: logger), logger: logger), location: .postgres(url: url)) {
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

/// AsyncKit's pools predate Sendable annotations but are thread-safe: they hop to their event loop
/// or take a lock internally (2026-11: async-kit 1.22 still lacks the conformance).
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
