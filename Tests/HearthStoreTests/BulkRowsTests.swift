import Foundation
import HearthCore
@testable import HearthStore
import SQLKit
import Testing

/// Rows inserted in bulk (COPY on PostgreSQL, one prepared INSERT per row on SQLite) read back
/// exactly as the same rows inserted by SQLKit's statements.
@Suite struct BulkRowsTests {
    static let texts: [String?] = ["plain", "", "tab\there", "line\nbreak\r\nend", "back\\slash\\", "\\N", "\\.", "Café ✓ 日本 مرحبا", nil]
    static let dates: [Date?] = [
        Date(timeIntervalSince1970: 1_800_000_000.123456), Date(timeIntervalSince1970: -1_420_130_071.142), Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 946_684_800.000001), Date(timeIntervalSince1970: 253_402_300_799.999), nil,
    ]
    static let numbers: [Int?] = [0, -5, Int(Int32.max) + 1, 9_007_199_254_740_993, nil]

    /// Every combination's row, `count` of them, the same for both ways.
    static func rows(count: Int) -> [[BulkValue]] {
        (0..<count).map { index in
            [.uuid(UUID()), BulkValue(texts[index % texts.count]), BulkValue(numbers[index % numbers.count]), .bool(index % 2 == 0),
             BulkValue(dates[index % dates.count])]
        }
    }

    @Test(arguments: Backend.available, [false, true])
    func bulkRowsReadBackAsStatementsWriteThem(backend: Backend, withYearZero: Bool) async throws {
        try await withDatabase(backend) { database in
            try await createProbe(on: database)
            var rows = Self.rows(count: 63)
            // A date in year 0, which COPY's text on PostgreSQL cannot carry: these rows go another way.
            if withYearZero { rows[0][4] = .date(Date(timeIntervalSince1970: -62_200_000_000)) }
            var bulk = BulkRows(table: "bulk_probe", columns: ["id", "label", "amount", "flag", "at"])
            var statements = BulkRows(table: "bulk_probe", columns: ["id", "label", "amount", "flag", "at"])
            for row in rows {
                bulk.append(row)
                statements.append([.uuid(UUID())] + row.dropFirst())
            }
            // In a transaction: in bulk. On the database itself (no session): SQLKit's INSERTs.
            try await database.transaction { [bulk] db in try await bulk.insert(on: db) }
            try await statements.insert(on: database.sql)
            let read = try await probe(on: database)
            for (index, row) in rows.enumerated() {
                guard case .uuid(let bulkId) = row[0], case .uuid(let statementId) = statements.values[index * 5] else { continue }
                #expect(read[bulkId] != nil && read[bulkId] == read[statementId], "row \(index): \(row)")
            }
            #expect(read.count == 126)
        }
    }

    @Test(arguments: Backend.available)
    func aRowBreakingAConstraintFailsTheWholeInsertAndItsTransaction(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            try await createProbe(on: database)
            let id = UUID()
            var rows = BulkRows(table: "bulk_probe", columns: ["id", "label", "amount", "flag", "at"])
            rows.append([.uuid(UUID()), .text("first"), .null, .bool(true), .null])
            rows.append([.uuid(id), .text("second"), .null, .bool(true), .null])
            rows.append([.uuid(id), .text("the same id"), .null, .bool(true), .null])
            await #expect(throws: (any Error).self) {
                try await database.transaction { [rows] db in try await rows.insert(on: db) }
            }
            #expect(try await probe(on: database).isEmpty)
        }
    }

    private func createProbe(on database: Database) async throws {
        let postgres = database.kind == .postgres
        try await database.run("""
            CREATE TABLE bulk_probe (id \(postgres ? "UUID" : "TEXT") PRIMARY KEY, label TEXT, amount BIGINT,
                                     flag \(postgres ? "BOOLEAN" : "INTEGER") NOT NULL, at \(postgres ? "TIMESTAMPTZ" : "REAL"))
            """)
    }

    struct Probe: Equatable {
        var label: String?
        var amount: Int?
        var flag: Bool
        var at: Date?
    }

    private func probe(on database: Database) async throws -> [UUID: Probe] {
        var read: [UUID: Probe] = [:]
        for row in try await database.sql.select().columns("id", "label", "amount", "flag", "at").from("bulk_probe").all() {
            read[try row.decode(column: "id", as: UUID.self)] = Probe(
                label: try row.decode(column: "label", as: String?.self), amount: try row.decode(column: "amount", as: Int?.self),
                flag: try row.decode(column: "flag", as: Bool.self), at: try row.decode(column: "at", as: Date?.self))
        }
        return read
    }
}
