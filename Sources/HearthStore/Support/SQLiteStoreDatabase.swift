import Foundation
import HearthCore
import Logging
import NIOCore
import SQLKit
import SQLiteKit

/// SQLKit's interface to SQLite, as SQLiteKit's own `sql()` wrapper builds it, with three changes:
/// - a statement that starts with `SELECT`, outside a session, runs on one of the `readers` (see
///   `Database.openSQLite`);
/// and two that made a 1,000-item list read twice as fast:
/// - rows reach SQLKit on the thread that steps the statement (SQLiteNIO's async query), not one
///   event-loop task per row as through its futures;
/// - binds and columns of the types every store uses (text, UUID, date, number, flag) go straight
///   to and from `SQLiteData`. SQLiteKit sends each through a `Decoder`/`Encoder`, which looks up
///   conformances per value and parses UUIDs with `sscanf`. Other types still take that way.
struct SQLiteStoreDatabase<Connection: SQLiteDatabase>: SQLDatabase {
    /// Where everything else runs: the writer, or the connection a session holds.
    let database: Connection
    /// Where a `SELECT` runs: connections of their own, or none within a session.
    var readers: Connection?

    var eventLoop: any EventLoop { database.eventLoop }
    var logger: Logger { database.logger }
    var dialect: any SQLDialect { SQLiteDialect() }
    var version: (any SQLDatabaseReportedVersion)? { nil }
    /// Queries are never logged: their bind values include emails and credential hashes.
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        let (sql, binds) = serialize(query)
        do {
            return connection(for: sql).query(sql, try binds.map(Self.data(for:)), logger: logger) { onRow(SQLiteStoreRow(row: $0)) }
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, binds) = serialize(query)
        let data = try binds.map(Self.data(for:))
        try await connection(for: sql).withConnection { connection in
            try await connection.query(sql, data) { onRow(SQLiteStoreRow(row: $0)) }
        }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await database.withConnection { connection in
            try await closure(SQLiteStoreDatabase<SQLiteConnection>(database: connection))
        }
    }

    private func connection(for sql: String) -> Connection {
        sql.hasPrefix("SELECT") ? readers ?? database : database
    }

    /// A bind value as SQLite stores it: UUIDs as their text, as SQLiteKit writes them.
    static func data(for value: any Encodable) throws -> SQLiteData {
        switch value {
        case let text as String: .text(text)
        case let id as UUID: .text(id.text)
        case let date as Date: .float(date.timeIntervalSince1970)
        case let flag as Bool: .integer(flag ? 1 : 0)
        case let number as Int: .integer(number)
        default: try SQLiteDataEncoder().encode(value)
        }
    }
}

/// One result row; see ``SQLiteStoreDatabase``.
struct SQLiteStoreRow: SQLRow {
    let row: SQLiteRow

    struct MissingColumn: Error {
        let column: String
    }

    var allColumns: [String] { row.columns.map(\.name) }

    func contains(column: String) -> Bool { row.column(column) != nil }

    func decodeNil(column: String) throws -> Bool {
        row.column(column).map { $0 == .null } ?? true
    }

    /// Columns of the common types are read straight from `SQLiteData`; any other type, and every
    /// error, is left to SQLiteKit's decoder.
    func decode<T: Decodable>(column: String, as type: T.Type) throws -> T {
        guard let data = row.column(column) else { throw MissingColumn(column: column) }
        let type = ObjectIdentifier(type)
        switch data {
        case .text(let text):
            switch type {
            case Types.string: return Self.exactly(text)
            case Types.optionalString: return Self.exactly(Optional(text))
            case Types.uuid: if let id = UUID(parsing: text) { return Self.exactly(id) }
            case Types.optionalUUID: if let id = UUID(parsing: text) { return Self.exactly(Optional(id)) }
            default: break
            }
        case .float(let number):
            switch type {
            case Types.date: return Self.exactly(Date(timeIntervalSince1970: number))
            case Types.optionalDate: return Self.exactly(Optional(Date(timeIntervalSince1970: number)))
            case Types.double: return Self.exactly(number)
            case Types.optionalDouble: return Self.exactly(Optional(number))
            default: break
            }
        case .integer(let number):
            switch type {
            case Types.int: return Self.exactly(number)
            case Types.optionalInt: return Self.exactly(Optional(number))
            case Types.bool: return Self.exactly(number != 0)
            case Types.optionalBool: return Self.exactly(Optional(number != 0))
            case Types.date: return Self.exactly(Date(timeIntervalSince1970: Double(number)))
            case Types.optionalDate: return Self.exactly(Optional(Date(timeIntervalSince1970: Double(number))))
            default: break
            }
        case .null:
            switch type {
            case Types.optionalString: return Self.exactly(String?.none)
            case Types.optionalUUID: return Self.exactly(UUID?.none)
            case Types.optionalDate: return Self.exactly(Date?.none)
            case Types.optionalDouble: return Self.exactly(Double?.none)
            case Types.optionalInt: return Self.exactly(Int?.none)
            case Types.optionalBool: return Self.exactly(Bool?.none)
            default: break
            }
        case .blob:
            break
        }
        return try SQLiteDataDecoder().decode(T.self, from: data)
    }

    /// `value` as `T`, which the caller has proved to be exactly `U` by its identifier. Neither a
    /// dynamic cast nor a `T?`, whose metadata a call through `any SQLRow` would look up each time.
    @inline(__always)
    private static func exactly<U, T>(_ value: U) -> T {
        unsafeBitCast(value, to: T.self)
    }

    /// The types read directly, looked up once: `String?.self` written in place instantiates the
    /// optional's metadata, under a lock, on every call.
    private enum Types {
        static let string = ObjectIdentifier(String.self), optionalString = ObjectIdentifier(String?.self)
        static let uuid = ObjectIdentifier(UUID.self), optionalUUID = ObjectIdentifier(UUID?.self)
        static let date = ObjectIdentifier(Date.self), optionalDate = ObjectIdentifier(Date?.self)
        static let double = ObjectIdentifier(Double.self), optionalDouble = ObjectIdentifier(Double?.self)
        static let int = ObjectIdentifier(Int.self), optionalInt = ObjectIdentifier(Int?.self)
        static let bool = ObjectIdentifier(Bool.self), optionalBool = ObjectIdentifier(Bool?.self)
    }
}
