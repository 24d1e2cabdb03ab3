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
        case let id as UUID: .text(id.uuidString)
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

    func decode<T: Decodable>(column: String, as type: T.Type) throws -> T {
        guard let data = row.column(column) else { throw MissingColumn(column: column) }
        return try Self.value(data, as: type) ?? SQLiteDataDecoder().decode(type, from: data)
    }

    /// The value of a column of a common type; nil leaves it (and every error) to SQLiteKit's decoder.
    static func value<T>(_ data: SQLiteData, as type: T.Type) -> T? {
        let type = ObjectIdentifier(type)
        switch data {
        case .text(let text):
            if type == Types.string || type == Types.optionalString { return text as? T }
            if type == Types.uuid || type == Types.optionalUUID, let id = UUID(parsing: text) { return id as? T }
        case .float(let number):
            if type == Types.date || type == Types.optionalDate { return Date(timeIntervalSince1970: number) as? T }
            if type == Types.double || type == Types.optionalDouble { return number as? T }
        case .integer(let number):
            if type == Types.int || type == Types.optionalInt { return number as? T }
            if type == Types.bool || type == Types.optionalBool { return (number != 0) as? T }
            if type == Types.date || type == Types.optionalDate { return Date(timeIntervalSince1970: Double(number)) as? T }
        case .blob, .null:
            break
        }
        return nil
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
