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
struct PostgresStoreDatabase: SQLDatabase {
    /// The pool, or the connection a session holds.
    let database: any PostgresDatabase
    let logger: Logger

    var eventLoop: any EventLoop { database.eventLoop }
    var dialect: any SQLDialect { PostgresDialect() }
    var version: (any SQLDatabaseReportedVersion)? { nil }
    /// Queries are never logged: their bind values include emails and credential hashes.
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, binds) = serialize(query)
        guard let bindings = Self.bindings(binds) else {
            return try await database.sql(queryLogLevel: nil).execute(sql: query, onRow)
        }
        _ = try await database.withConnection { connection in
            connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: connection.logger) { onRow(PostgresStoreRow($0)) }
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
    let row: PostgresRow
    let cells: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        self.row = row
        cells = row.makeRandomAccess()
    }

    struct MissingColumn: Error {
        let column: String
    }

    var allColumns: [String] { cells.map(\.columnName) }

    func contains(column: String) -> Bool { cells.contains(column) }

    func decodeNil(column: String) throws -> Bool {
        !cells.contains(column) || cells[column].bytes == nil
    }

    /// Columns of the common types are read straight from their cell, as PostgresKit's fast path
    /// reads them; any other type, and every failure, is left to PostgresKit.
    func decode<T: Decodable>(column: String, as type: T.Type) throws -> T {
        guard cells.contains(column) else { throw MissingColumn(column: column) }
        if let value = try? direct(cells[column], as: T.self) { return value }
        return try row.sql().decode(column: column, as: T.self)
    }

    /// The cell's value, unless its type (or its column's: PostgresKit reads a user-defined type as
    /// text, and a binary numeric as a Double in a way of its own) is left to PostgresKit.
    private func direct<T>(_ cell: PostgresCell, as type: T.Type) throws -> T {
        switch ObjectIdentifier(type) {
        case ColumnTypes.string where !cell.dataType.isUserDefined: exactly(try cell.decode(String.self))
        case ColumnTypes.optionalString where !cell.dataType.isUserDefined: exactly(try cell.decode(String?.self))
        case ColumnTypes.uuid: exactly(try cell.decode(UUID.self))
        case ColumnTypes.optionalUUID: exactly(try cell.decode(UUID?.self))
        case ColumnTypes.date: exactly(try cell.decode(Date.self))
        case ColumnTypes.optionalDate: exactly(try cell.decode(Date?.self))
        case ColumnTypes.int: exactly(try cell.decode(Int.self))
        case ColumnTypes.optionalInt: exactly(try cell.decode(Int?.self))
        case ColumnTypes.bool: exactly(try cell.decode(Bool.self))
        case ColumnTypes.optionalBool: exactly(try cell.decode(Bool?.self))
        case ColumnTypes.double where cell.dataType != .numeric: exactly(try cell.decode(Double.self))
        case ColumnTypes.optionalDouble where cell.dataType != .numeric: exactly(try cell.decode(Double?.self))
        default: throw NotDirect()
        }
    }

    private struct NotDirect: Error {}
}
