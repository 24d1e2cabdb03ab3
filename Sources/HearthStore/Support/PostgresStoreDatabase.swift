import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresKit
import SQLKit

/// SQLKit's interface to PostgreSQL, in place of PostgresKit's `sql()`: the same statements on the
/// same connections, but binds and columns of the types every store uses (text, UUID, date, number,
/// flag) go straight to and from PostgresNIO. PostgresKit sends each through dynamic casts and
/// builds a coding path (a string) for every column of every row: reading 100,000 items spent
/// more than half its time there. A statement with a bind of another type, and a column of another
/// type, still takes PostgresKit's way, so its rules (and errors) stay the same.
struct PostgresStoreDatabase: StoreDatabase {
    /// The pool, or the connection a session holds.
    let database: any PostgresDatabase
    let logger: Logger

    var eventLoop: any EventLoop { database.eventLoop }
    var dialect: any SQLDialect { PostgresDialect() }
    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, binds) = serialize(query)
        guard let bindings = Self.bindings(binds) else {
            return try await database.sql(queryLogLevel: nil).execute(sql: query, onRow)
        }
        let columns = PostgresStoreRow.Columns()
        if query is SQLPrepared {
            let statement = NamedStatement.Text(sql: sql, types: NamedStatement.types(of: binds))
            return try await database.withConnection { connection in
                connection.eventLoop.makeFutureWithTask {
                    try await NamedStatement.run(statement, bindings, on: connection) { onRow(PostgresStoreRow($0, columns)) }
                }
            }.get()
        }
        _ = try await database.withConnection { connection in
            connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: connection.logger) { onRow(PostgresStoreRow($0, columns)) }
        }.get()
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        if database is PostgresConnection { return try await closure(self) }
        return try await database.withConnection { connection in
            connection.eventLoop.makeFutureWithTask { Handed(value: try await closure(PostgresStoreDatabase(database: connection, logger: logger))) }
        }.get().value
    }

    /// The session's result, handed back to the task that waits for it.
    private struct Handed<R>: @unchecked Sendable {
        let value: R
    }

    /// The binds as PostgresKit would encode them, or nil when one is of a type left to it.
    static func bindings(_ binds: [any Encodable & Sendable]) -> PostgresBindings? {
        var bindings = PostgresBindings(capacity: binds.count)
        for bind in binds {
            switch bind {
            case let text as String: bindings.append(text)
            case let id as UUID: bindings.append(id)
            case let date as Date: bindings.append(date)
            case let number as Int: bindings.append(number)
            case let flag as Bool: bindings.append(flag)
            case let number as Double: bindings.append(number)
            // A nil of any optional type matches the first of these: PostgresKit sends every nil
            // as an untyped NULL too.
            case let text as String?: bindings.append(text)
            case let id as UUID?: bindings.append(id)
            case let date as Date?: bindings.append(date)
            case let number as Int?: bindings.append(number)
            case let flag as Bool?: bindings.append(flag)
            case let number as Double?: bindings.append(number)
            case let ids as [UUID]: bindings.append(ids)
            default: return nil
            }
        }
        return bindings
    }
}

/// One result row; see ``PostgresStoreDatabase``.
struct PostgresStoreRow: SQLRow {
    /// The names of a statement's columns, read once from its first row (the rows are handed over
    /// one after another on the connection's event loop).
    final class Columns: @unchecked Sendable {
        private var names: [String]?

        func names(of cells: PostgresRandomAccessRow) -> [String] {
            if let names { return names }
            let found = cells.map(\.columnName)
            names = found
            return found
        }
    }

    let row: PostgresRow
    let cells: PostgresRandomAccessRow
    let names: [String]

    init(_ row: PostgresRow, _ columns: Columns) {
        self.row = row
        cells = row.makeRandomAccess()
        names = columns.names(of: cells)
    }

    /// A column's position by its name, the last of that name: a look along a dozen short names
    /// costs less than hashing one, and names of another length are passed over without comparing
    /// them.
    private func position(_ column: String) -> Int? {
        let length = column.utf8.count
        return names.lastIndex { $0.utf8.count == length && $0 == column }
    }

    struct MissingColumn: Error {
        let column: String
    }

    var allColumns: [String] { names }

    func contains(column: String) -> Bool { position(column) != nil }

    func decodeNil(column: String) throws -> Bool {
        position(column).map { cells[$0].bytes == nil } ?? true
    }

    /// Columns of the common types are read straight from their cell, as PostgresKit's fast path
    /// reads them; any other type, and every failure, is left to PostgresKit. (PostgresKit reads a
    /// user-defined type as text, and a binary numeric as a Double, in ways of its own.)
    func decode<T: Decodable>(column: String, as type: T.Type) throws -> T {
        guard let position = position(column) else { throw MissingColumn(column: column) }
        let cell = cells[position]
        do {
            switch ObjectIdentifier(type) {
            case ColumnTypes.string where !cell.dataType.isUserDefined: return exactly(try cell.decode(String.self))
            case ColumnTypes.optionalString where !cell.dataType.isUserDefined: return exactly(try cell.decode(String?.self))
            case ColumnTypes.uuid: return exactly(try cell.decode(UUID.self))
            case ColumnTypes.optionalUUID: return exactly(try cell.decode(UUID?.self))
            case ColumnTypes.date: return exactly(try cell.decode(Date.self))
            case ColumnTypes.optionalDate: return exactly(try cell.decode(Date?.self))
            case ColumnTypes.int: return exactly(try cell.decode(Int.self))
            case ColumnTypes.optionalInt: return exactly(try cell.decode(Int?.self))
            case ColumnTypes.int64: return exactly(try cell.decode(Int64.self))
            case ColumnTypes.optionalInt64: return exactly(try cell.decode(Int64?.self))
            case ColumnTypes.bool: return exactly(try cell.decode(Bool.self))
            case ColumnTypes.optionalBool: return exactly(try cell.decode(Bool?.self))
            case ColumnTypes.double where cell.dataType != .numeric: return exactly(try cell.decode(Double.self))
            case ColumnTypes.optionalDouble where cell.dataType != .numeric: return exactly(try cell.decode(Double?.self))
            default: break
            }
        } catch {
            // PostgresKit's way below says what is wrong, in its words.
        }
        return try row.sql().decode(column: column, as: T.self)
    }
}

/// A statement PostgreSQL parses and plans once per connection, then runs by name (``SQLPrepared``).
/// PostgresNIO names a prepared statement after a type and reads its SQL from the type; this one
/// type stands for every text, read from ``text`` in the task that runs it, while PostgresNIO
/// takes the name and the SQL (before it sends anything).
struct NamedStatement: PostgresPreparedStatement {
    typealias Row = PostgresRow

    /// A statement's SQL and its binds' types. One prepared with a NULL leaves that parameter's type
    /// to PostgreSQL, so the same SQL with a value there is another statement.
    struct Text: Sendable, Hashable {
        var sql = ""
        var types = ""
    }

    @TaskLocal static var text = Text()
    static var name: String { name(of: text) }
    static var sql: String { text.sql }

    let bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }

    /// Runs `statement` with `bindings` on `connection`, preparing it first if it is new there.
    static func run(_ statement: Text, _ bindings: PostgresBindings, on connection: PostgresConnection,
                    _ onRow: (PostgresRow) -> Void) async throws {
        let rows = try await $text.withValue(statement) {
            try await connection.execute(NamedStatement(bindings: bindings), logger: connection.logger)
        }
        for try await row in rows { onRow(row) }
    }

    /// Each bind's type, a NULL as a type of its own.
    static func types(of binds: [any Encodable & Sendable]) -> String {
        binds.map { bind in
            if let optional = bind as? any OptionalBind, optional.isNone { return "NULL" }
            return String(describing: type(of: bind))
        }.joined(separator: ",")
    }

    /// The statements' names, given in the order they are first run: the same on every connection.
    private static let names = NIOLockedValueBox([Text: String]())

    private static func name(of text: Text) -> String {
        names.withLockedValue { names in
            if let name = names[text] { return name }
            let name = "hearth_\(names.count + 1)"
            names[text] = name
            return name
        }
    }
}
