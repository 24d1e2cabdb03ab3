import CSQLiteSettings
import Foundation
import HearthCore
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLiteNIO
import VaporCSQLite

/// One connection to an SQLite database through SQLite's C API (the library SQLiteNIO builds),
/// which keeps each statement it prepares for the next time the same SQL runs: SQLiteNIO prepares
/// every statement anew, and parsing an item's INSERT cost as much as running it. A reader's calls
/// run on NIO's thread pool, as SQLiteNIO's do; the writer's on a thread of its own
/// (``SQLiteWriterThread``). A connection serves one task at a time (``SQLiteConnectionPool``).
final class RawSQLiteConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    private let calls: SQLiteCalls
    /// Prepared statements by their SQL, reset after each use. Touched only by the task that holds
    /// the connection.
    private var statements: [String: OpaquePointer] = [:]
    /// Set while a statement runs: two at once on one connection (opened without SQLite's own
    /// mutex) would corrupt its state, so that is stopped loudly (``exclusively(_:)``).
    private let running = NIOLockedValueBox(false)
    /// More distinct statements than this finalize them all and start over (a `LIMIT` written as a
    /// literal makes a statement per page size).
    static let statementCapacity = 256

    /// What this connection's commits are reported to, kept as long as SQLite holds it (``reportCommits(to:)``).
    private var checkpointer: SQLiteCheckpointer?

    private init(handle: OpaquePointer, calls: SQLiteCalls) {
        self.handle = handle
        self.calls = calls
    }

    /// Opens (or creates) the database file at `path`, with foreign keys enforced and `setUp` applied.
    static func open(path: String, setUp: SQLiteConnectionSetup = .init()) async throws -> RawSQLiteConnection {
        try await setUp.calls.run {
            _ = initialized
            var handle: OpaquePointer?
            let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
            let code = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
            guard code == SQLITE_OK, let handle else {
                let error = SQLiteStoreError(code: code, message: handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "cannot open \(path)")
                sqlite_nio_sqlite3_close(handle)
                throw error
            }
            // Another connection's write (a checkpoint, `VACUUM INTO`) is waited for, not refused:
            // looked at again every 50 µs for 5 ms, then every millisecond, for 30 s in all. SQLite's
            // own timeout sleeps 1, 2, 5, 10 ms… so a write waiting for a checkpoint of 3 ms waited 8.
            sqlite_nio_sqlite3_busy_handler(handle, { _, tries in
                guard tries < 30_100 else { return 0 }
                usleep(tries < 100 ? 50 : 1_000)
                return 1
            }, nil)
            let connection = RawSQLiteConnection(handle: handle, calls: setUp.calls)
            do {
                // A statement kept prepared is run as it was planned. Without this, SQLite plans it
                // again whenever a bind it looked at changes: one of 0 or 1 in `column = ?` (every
                // flag), any `LIMIT ?`, a `LIKE ?`. Adding an item planned its look-up each time.
                let kept = hearth_sqlite_keep_plans(UnsafeMutableRawPointer(handle))
                guard kept == SQLITE_OK else { throw connection.error(kept) }
                try connection.run("PRAGMA foreign_keys = ON", [], { _ in })
                // A reader's page cache may grow to 16 MB (SQLite's default is 2 MB): reading a large
                // inventory page by page otherwise reads most pages from the file again. (The
                // writer's is set larger when the database opens.)
                try connection.run("PRAGMA cache_size = -16384", [], { _ in })
                for pragma in setUp.pragmas { try connection.run(pragma, [], { _ in }) }
                if let checkpointer = setUp.checkpointer { connection.reportCommits(to: checkpointer) }
            } catch {
                try? connection.closeNow()
                throw error
            }
            return connection
        }
    }

    /// SQLite's one-time set-up, done once before the first connection opens (as SQLiteNIO does:
    /// it saw `open_v2`'s own set-up race when the first connections opened at once).
    private static let initialized: Void = { sqlite_nio_sqlite3_initialize() }()

    /// Reports each commit to `checkpointer` with the frames in the write-ahead log, which turns
    /// SQLite's own checkpoint inside the committing call off (see ``SQLiteCheckpointer``).
    private func reportCommits(to checkpointer: SQLiteCheckpointer) {
        self.checkpointer = checkpointer
        sqlite_nio_sqlite3_wal_hook(handle, { context, _, _, frames in
            if let context { Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(frames: Int(frames)) }
            return SQLITE_OK
        }, Unmanaged.passUnretained(checkpointer).toOpaque())
    }

    /// Whether a transaction is open (`BEGIN` without its `COMMIT` or `ROLLBACK`).
    var isInTransaction: Bool { sqlite_nio_sqlite3_get_autocommit(handle) == 0 }

    /// Runs one statement with its binds, handing each row to `onRow` on the thread that steps it;
    /// `done` runs there too once the statement has ended, however it ended.
    func query(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (SQLiteStoreRow) -> Void,
               then done: @escaping @Sendable () -> Void = {}) async throws {
        try await calls.run {
            defer { done() }
            try self.exclusively { try self.run(sql, binds, onRow) }
        }
    }

    /// Runs `body` with its task on the writer's thread, so that its statements need no trip
    /// there; on a reader, as it is.
    func withTaskHere<T>(_ body: () async throws -> T) async throws -> T {
        guard case .writer(let thread) = calls else { return try await body() }
        return try await thread.withTask(body)
    }

    /// Runs one statement (an `INSERT` of one row) once for each row of `values`, `width` binds a
    /// row, in one call on the connection's thread: a bulk insert (``BulkRows``).
    func runForEachRow(_ sql: String, values: [SQLiteData], width: Int) async throws {
        try await calls.run {
            try self.exclusively {
                for row in stride(from: 0, to: values.count, by: width) {
                    try self.run(sql, values[row ..< row + width], { _ in })
                }
            }
        }
    }

    /// Runs `work` as the connection's only user; two tasks using it at once is a programming error.
    private func exclusively<T>(_ work: () throws -> T) throws -> T {
        let alone = running.withLockedValue { running in
            defer { running = true }
            return !running
        }
        precondition(alone, "two tasks used one SQLite connection at once; a connection runs one statement at a time")
        defer { running.withLockedValue { $0 = false } }
        return try work()
    }

    /// Finalizes the statements and closes the connection (an open transaction is rolled back).
    func close() async throws {
        try await calls.run { try self.closeNow() }
    }

    private func closeNow() throws {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements = [:]
        let code = sqlite_nio_sqlite3_close_v2(handle)
        guard code == SQLITE_OK else { throw error(code) }
    }

    private func run(_ sql: String, _ binds: some Collection<SQLiteData>, _ onRow: (SQLiteStoreRow) -> Void) throws {
        let statement = try prepared(sql)
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        for (index, value) in binds.enumerated() {
            let code = Self.bind(value, at: Int32(index + 1), to: statement)
            guard code == SQLITE_OK else { throw error(code) }
        }
        let count = sqlite_nio_sqlite3_column_count(statement)
        let columns = (0..<count).map { String(cString: sqlite_nio_sqlite3_column_name(statement, $0)) }
        while true {
            let code = sqlite_nio_sqlite3_step(statement)
            guard code == SQLITE_ROW else {
                guard code == SQLITE_DONE else { throw error(code) }
                return
            }
            onRow(SQLiteStoreRow(columns: columns, values: (0..<count).map { Self.value(at: $0, of: statement) }))
        }
    }

    /// How many times SQLite planned the kept statement `sql` again (by the task that holds the connection).
    func replans(of sql: String) -> Int {
        statements[sql].map { Int(sqlite_nio_sqlite3_stmt_status($0, SQLITE_STMTSTATUS_REPREPARE, 0)) } ?? 0
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        if statements.count >= Self.statementCapacity {
            for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
            statements.removeAll(keepingCapacity: true)
        }
        var statement: OpaquePointer?
        let code = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code) }
        statements[sql] = statement
        return statement
    }

    private static func bind(_ value: SQLiteData, at index: Int32, to statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let number): sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .float(let number): sqlite_nio_sqlite3_bind_double(statement, index, number)
        case .text(let text): sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
        case .blob(let bytes):
            bytes.withUnsafeReadableBytes { sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient) }
        case .null: sqlite_nio_sqlite3_bind_null(statement, index)
        }
    }

    private static func value(at column: Int32, of statement: OpaquePointer) -> SQLiteValue {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .data(.integer(Int(sqlite_nio_sqlite3_column_int64(statement, column))))
        case SQLITE_FLOAT:
            return .data(.float(sqlite_nio_sqlite3_column_double(statement, column)))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return .data(.text("")) }
            let utf8 = UnsafeBufferPointer(start: text, count: Int(sqlite_nio_sqlite3_column_bytes(statement, column)))
            if let id = UUID(canonical: utf8) { return .id(id) }
            return .data(.text(String(decoding: utf8, as: UTF8.self)))
        case SQLITE_BLOB:
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite_nio_sqlite3_column_blob(statement, column), length > 0 else { return .data(.blob(ByteBuffer())) }
            return .data(.blob(ByteBuffer(bytes: UnsafeRawBufferPointer(start: bytes, count: length))))
        default:
            return .data(.null)
        }
    }

    private func error(_ code: Int32) -> SQLiteStoreError {
        SQLiteStoreError(code: code, message: String(cString: sqlite_nio_sqlite3_errmsg(handle)))
    }

    /// Tells SQLite to copy a bound text or blob, which Swift frees when the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// What a pool does to each connection it opens, after ``RawSQLiteConnection/open(path:setUp:)``'s own set-up.
struct SQLiteConnectionSetup: Sendable {
    /// Where its calls run.
    var calls: SQLiteCalls = .pool(.singleton)
    /// Statements run first (per-connection settings).
    var pragmas: [String] = []
    /// Takes over the checkpoints of the connection's commits.
    var checkpointer: SQLiteCheckpointer?
}

/// What SQLite answered when a statement failed: its extended result code and message.
struct SQLiteStoreError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var description: String { "SQLite error \(code): \(message)" }

    /// A UNIQUE or PRIMARY KEY constraint failed (SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY:
    /// macros that Swift does not import).
    var isUniqueViolation: Bool { code == SQLITE_CONSTRAINT | 8 << 8 || code == SQLITE_CONSTRAINT | 6 << 8 }
}
