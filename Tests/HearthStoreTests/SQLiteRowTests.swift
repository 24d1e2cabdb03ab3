import Foundation
import HearthCore
@testable import HearthStore
import SQLKit
import Testing

/// SQLite's rows hold a text that is exactly an id as the id (``SQLiteValue``): what a row answers is
/// still the text as stored, whichever type it is asked for.
@Suite struct SQLiteRowTests {
    @Test func textsReadBackAsStoredWhetherOrNotTheyAreIds() async throws {
        try await withDatabase(.sqlite) { database in
            try await database.run("CREATE TABLE probe (n INTEGER, label TEXT)")
            let id = UUID()
            let texts = [id.text, id.text.lowercased(), id.text.replacingOccurrences(of: "-", with: ""), "milk", "", id.text + " "]
            for (n, text) in texts.enumerated() {
                try await database.sql.raw("INSERT INTO probe (n, label) VALUES (\(bind: n), \(bind: text))").run()
            }
            let rows = try await database.sql.raw("SELECT n, label FROM probe ORDER BY n").all()
            #expect(try rows.map { try $0.decode(column: "label", as: String.self) } == texts)
            #expect(try rows.map { try $0.decode(column: "label", as: String?.self) } == texts)
            #expect(try rows[0].decode(column: "label", as: UUID.self) == id)
            #expect(try rows[1].decode(column: "label", as: UUID?.self) == id)
            #expect(try rows[2].decode(column: "label", as: UUID.self) == id)
            #expect(try !rows[0].decodeNil(column: "label"))
            // Another type than the common ones takes SQLiteKit's decoder, from the text.
            #expect(try rows[0].decode(column: "label", as: Wrapped.self) == Wrapped(value: id.text))
        }
    }

    struct Wrapped: Decodable, Equatable {
        let value: String

        init(value: String) { self.value = value }

        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(String.self)
        }
    }
}
