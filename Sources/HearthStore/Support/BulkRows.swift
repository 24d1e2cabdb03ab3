import Foundation
import HearthCore
import PostgresKit
import SQLiteNIO
import SQLKit

/// One value of a row written in bulk (``BulkRows``): the types the stores write, told apart once
/// when the row is made, not cast again from `any Encodable` on the way out.
enum BulkValue: Sendable, Equatable {
    case null
    case text(String)
    case uuid(UUID)
    case int(Int)
    case bool(Bool)
    case date(Date)

    init(_ text: String?) { self = text.map(BulkValue.text) ?? .null }
    init(_ id: UUID?) { self = id.map(BulkValue.uuid) ?? .null }
    init(_ number: Int?) { self = number.map(BulkValue.int) ?? .null }
    init(_ date: Date?) { self = date.map(BulkValue.date) ?? .null }
    init(_ flag: Bool) { self = .bool(flag) }

    /// The value for a statement SQLKit builds.
    var bind: SQLBind {
        switch self {
        case .null: SQLBind(String?.none)
        case .text(let text): SQLBind(text)
        case .uuid(let id): SQLBind(id)
        case .int(let number): SQLBind(number)
        case .bool(let flag): SQLBind(flag)
        case .date(let date): SQLBind(date)
        }
    }
}

/// New rows of one table, inserted together: on PostgreSQL by `COPY … FROM STDIN`, on SQLite by one
/// prepared `INSERT` run for each row in a single trip to its thread. Both cost a fraction of
/// multi-row `INSERT`s, which PostgreSQL parses and plans (thousands of parameters each) and SQLite
/// keeps a statement journal for. A row breaking a constraint fails the whole insert, and with it
/// the transaction, as an `INSERT` would.
struct BulkRows: Sendable {
    let table: String
    let columns: [String]
    /// The rows' values, one row after another.
    private(set) var values: [BulkValue] = []

    init(table: String, columns: [String]) {
        self.table = table
        self.columns = columns
    }

    var isEmpty: Bool { values.isEmpty }

    mutating func append(_ row: [BulkValue]) {
        precondition(row.count == columns.count, "a row of \(table) needs \(columns.count) values")
        values += row
    }

    /// Inserts the rows on `db`, in bulk when it is a transaction's connection (where they are
    /// always written), as multi-row `INSERT`s otherwise.
    func insert(on db: any SQLDatabase) async throws {
        guard !isEmpty else { return }
        if let sqlite = db as? SQLiteStoreDatabase, case .session(let connection) = sqlite.connections {
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
            try await connection.runForEachRow(sql, values: values.map(\.sqlite), width: columns.count)
        } else if let postgres = db as? PostgresStoreDatabase, let connection = postgres.database as? PostgresConnection,
                  let text = PostgresCopyText(self) {
            try await connection.copyFrom(table: table, columns: columns, logger: connection.logger) { writer in
                for chunk in text.chunks { try await writer.write(chunk) }
            }
        } else {
            let rowsPerStatement = max(1, 6000 / columns.count)
            for rows in stride(from: 0, to: values.count, by: rowsPerStatement * columns.count) {
                let insert = db.insert(into: table).columns(columns)
                for row in stride(from: rows, to: min(values.count, rows + rowsPerStatement * columns.count), by: columns.count) {
                    insert.values(values[row ..< row + columns.count].map(\.bind))
                }
                try await insert.run()
            }
        }
    }
}

extension [BulkRows] {
    /// Inserts each table's rows in turn (``BulkRows/insert(on:)``).
    func insert(on db: any SQLDatabase) async throws {
        for rows in self { try await rows.insert(on: db) }
    }
}

extension BulkValue {
    /// The value as SQLite stores it; ``SQLiteStoreDatabase`` binds these types this way too.
    var sqlite: SQLiteData {
        switch self {
        case .null: .null
        case .text(let text): .text(text)
        case .uuid(let id): .text(id.text)
        case .int(let number): .integer(number)
        case .bool(let flag): .integer(flag ? 1 : 0)
        case .date(let date): .float(date.timeIntervalSince1970)
        }
    }
}
