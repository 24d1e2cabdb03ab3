import Foundation
import Logging
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
    /// Where each column of a statement's rows is, found once from its first row (the rows are
    /// handed over one after another on the connection's event loop).
    final class Columns: @unchecked Sendable {
        private var positions: [String: Int]?

        func positions(of cells: PostgresRandomAccessRow) -> [String: Int] {
            if let positions { return positions }
            let found = Dictionary(cells.enumerated().map { ($0.element.columnName, $0.offset) }, uniquingKeysWith: { _, last in last })
            positions = found
            return found
        }
    }

    let row: PostgresRow
    let cells: PostgresRandomAccessRow
    let positions: [String: Int]

    init(_ row: PostgresRow, _ columns: Columns) {
        self.row = row
        cells = row.makeRandomAccess()
        positions = columns.positions(of: cells)
    }

    struct MissingColumn: Error {
        let column: String
    }

    var allColumns: [String] { cells.map(\.columnName) }

    func contains(column: String) -> Bool { positions[column] != nil }

    func decodeNil(column: String) throws -> Bool {
        positions[column].map { cells[$0].bytes == nil } ?? true
    }

    /// Columns of the common types are read straight from their cell, as PostgresKit's fast path
    /// reads them; any other type, and every failure, is left to PostgresKit. (PostgresKit reads a
    /// user-defined type as text, and a binary numeric as a Double, in ways of its own.)
    func decode<T: Decodable>(column: String, as type: T.Type) throws -> T {
        guard let position = positions[column] else { throw MissingColumn(column: column) }
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
