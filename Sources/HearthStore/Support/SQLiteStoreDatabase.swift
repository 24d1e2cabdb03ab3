import Foundation
import HearthCore
import Logging
import NIOCore
import SQLKit
import SQLiteKit

/// SQLKit's interface to SQLite, in place of SQLiteKit's `sql()` wrapper over SQLiteNIO:
/// - statements run on Hearth's own connections (``RawSQLiteConnection``), which reuse what they
///   prepared, from pools that hand them out without a hop to an event loop (``SQLiteConnectionPool``);
/// - a statement that starts with `SELECT`, outside a session, runs on one of the `readers` (see
///   `Database.openSQLite`);
/// - rows reach SQLKit on the thread that steps the statement, not one event-loop task per row;
/// - binds and columns of the types every store uses (text, UUID, date, number, flag) go straight
///   to and from `SQLiteData`. SQLiteKit sends each through a `Decoder`/`Encoder`, which looks up
///   conformances per value and parses UUIDs with `sscanf`. Other types still take that way.
struct SQLiteStoreDatabase: StoreDatabase {
    enum Connections: Sendable {
        /// Writes on `writer`; a `SELECT` on one of `readers`.
        case pools(writer: SQLiteConnectionPool, readers: SQLiteConnectionPool)
        /// Everything on the connection a session holds.
        case session(RawSQLiteConnection)
    }

    let connections: Connections
    let eventLoop: any EventLoop
    let logger: Logger

    var dialect: any SQLDialect { SQLiteDialect() }
    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, binds) = serialize(query)
        let data = try binds.map(Self.data(for:))
        switch connections {
        case .session(let connection):
            try await connection.query(sql, data, onRow)
        case .pools(let writer, let readers):
            try await (sql.hasPrefix("SELECT") ? readers : writer).query(sql, data, onRow)
        }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        switch connections {
        case .session:
            try await closure(self)
        case .pools(let writer, _):
            try await writer.withConnection { connection in
                try await closure(SQLiteStoreDatabase(connections: .session(connection), eventLoop: eventLoop, logger: logger))
            }
        }
    }

    /// A bind value as SQLite stores it: the common types as ``BulkValue/sqlite`` has them (UUIDs as
    /// their text, as SQLiteKit writes them). A nil is told first: no cast below matches it, and the
    /// encoder is slow (an imported item has a dozen).
    static func data(for value: any Encodable) throws -> SQLiteData {
        switch value {
        case let optional as any OptionalBind where optional.isNone: .null
        case let text as String: BulkValue.text(text).sqlite
        case let id as UUID: BulkValue.uuid(id).sqlite
        case let date as Date: BulkValue.date(date).sqlite
        case let flag as Bool: BulkValue.bool(flag).sqlite
        case let number as Int: BulkValue.int(number).sqlite
        default: try SQLiteDataEncoder().encode(value)
        }
    }
}

/// An optional bind value, to tell nil without encoding it.
protocol OptionalBind {
    var isNone: Bool { get }
}

extension Optional: OptionalBind {
    var isNone: Bool { self == nil }
}

/// A column's value as a row holds it: SQLite's, or a text that is exactly an id as ``UUID/text``
/// writes it, held as the id. A list's page has two ids an item: held as text, each was a string
/// of 36 bytes made and then parsed.
enum SQLiteValue: Sendable, Equatable {
    case data(SQLiteData)
    case id(UUID)

    /// The value as SQLite has it (an id as its text, as it is stored).
    var data: SQLiteData {
        switch self {
        case .data(let data): data
        case .id(let id): .text(id.text)
        }
    }
}

/// One result row; see ``SQLiteStoreDatabase``.
struct SQLiteStoreRow: SQLRow {
    /// The statement's column names, shared by its rows.
    let columns: [String]
    let values: [SQLiteValue]

    struct MissingColumn: Error {
        let column: String
    }

    var allColumns: [String] { columns }

    func contains(column: String) -> Bool { columns.contains(column) }

    func decodeNil(column: String) throws -> Bool {
        value(column).map { $0 == .data(.null) } ?? true
    }

    /// A column's value by its name: a look along a dozen short names costs less than hashing one,
    /// and names of another length are passed over without comparing them.
    private func value(_ column: String) -> SQLiteValue? {
        let length = column.utf8.count
        for index in columns.indices where columns[index].utf8.count == length && columns[index] == column {
            return values[index]
        }
        return nil
    }

    /// Columns of the common types are read straight from `SQLiteData`; any other type, and every
    /// error, is left to SQLiteKit's decoder.
    func decode<T: Decodable>(column: String, as type: T.Type) throws -> T {
        guard let value = value(column) else { throw MissingColumn(column: column) }
        let type = ObjectIdentifier(type)
        let data: SQLiteData
        switch value {
        case .id(let id):
            switch type {
            case ColumnTypes.uuid: return exactly(id)
            case ColumnTypes.optionalUUID: return exactly(Optional(id))
            case ColumnTypes.string: return exactly(id.text)
            case ColumnTypes.optionalString: return exactly(Optional(id.text))
            default: return try SQLiteDataDecoder().decode(T.self, from: value.data)
            }
        case .data(let value):
            data = value
        }
        switch data {
        case .text(let text):
            switch type {
            case ColumnTypes.string: return exactly(text)
            case ColumnTypes.optionalString: return exactly(Optional(text))
            case ColumnTypes.uuid: if let id = UUID(parsing: text) { return exactly(id) }
            case ColumnTypes.optionalUUID: if let id = UUID(parsing: text) { return exactly(Optional(id)) }
            default: break
            }
        case .float(let number):
            switch type {
            case ColumnTypes.date: return exactly(Date(timeIntervalSince1970: number))
            case ColumnTypes.optionalDate: return exactly(Optional(Date(timeIntervalSince1970: number)))
            case ColumnTypes.double: return exactly(number)
            case ColumnTypes.optionalDouble: return exactly(Optional(number))
            default: break
            }
        case .integer(let number):
            switch type {
            case ColumnTypes.int: return exactly(number)
            case ColumnTypes.optionalInt: return exactly(Optional(number))
            case ColumnTypes.int64: return exactly(Int64(number))
            case ColumnTypes.optionalInt64: return exactly(Optional(Int64(number)))
            case ColumnTypes.bool: return exactly(number != 0)
            case ColumnTypes.optionalBool: return exactly(Optional(number != 0))
            case ColumnTypes.date: return exactly(Date(timeIntervalSince1970: Double(number)))
            case ColumnTypes.optionalDate: return exactly(Optional(Date(timeIntervalSince1970: Double(number))))
            default: break
            }
        case .null:
            switch type {
            case ColumnTypes.optionalString: return exactly(String?.none)
            case ColumnTypes.optionalUUID: return exactly(UUID?.none)
            case ColumnTypes.optionalDate: return exactly(Date?.none)
            case ColumnTypes.optionalDouble: return exactly(Double?.none)
            case ColumnTypes.optionalInt: return exactly(Int?.none)
            case ColumnTypes.optionalInt64: return exactly(Int64?.none)
            case ColumnTypes.optionalBool: return exactly(Bool?.none)
            default: break
            }
        case .blob:
            break
        }
        return try SQLiteDataDecoder().decode(T.self, from: data)
    }
}
