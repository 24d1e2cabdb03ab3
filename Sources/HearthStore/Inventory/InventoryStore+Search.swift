import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// Rewrites the search text of items: their name, description, brand, model, serial number,
    /// barcode, tags and notes, and the vendor, number and read text of their receipts, as words
    /// (``ItemQuery/words(of:)``).
    static func refreshSearch(_ itemIds: [UUID], on db: any SQLDatabase, kind: DatabaseKind) async throws {
        guard !itemIds.isEmpty else { return }
        let rows = try await db.select().columns("id", "name", "description", "brand", "model", "serial_number", "barcode", "notes")
            .from("inventory_items").where("id", isOneOf: itemIds, on: db).all()
        var bodies: [UUID: [String]] = [:]
        for row in rows {
            bodies[try row.decode(column: "id", as: UUID.self)] = try ["name", "description", "brand", "model", "serial_number", "barcode", "notes"]
                .compactMap { try row.decode(column: $0, as: String?.self) }
        }
        for row in try await db.select().columns("item_id", "tag").from("inventory_item_tags").where("item_id", isOneOf: itemIds, on: db).all() {
            bodies[try row.decode(column: "item_id", as: UUID.self)]?.append(try row.decode(column: "tag", as: String.self))
        }
        let receipts = try await db.select().column(SQLColumn("item_id", table: "l"))
            .columns(SQLColumn("vendor", table: "r"), SQLColumn("receipt_number", table: "r"), SQLColumn("ocr_text", table: "r"))
            .from(SQLAlias(SQLIdentifier("inventory_receipt_items"), as: SQLIdentifier("l")))
            .join(SQLAlias(SQLIdentifier("inventory_receipts"), as: SQLIdentifier("r")), on: SQLColumn("id", table: "r"), .equal, SQLColumn("receipt_id", table: "l"))
            .where(SQLColumn("item_id", table: "l"), .in, SQLBind.group(itemIds)).all()
        for row in receipts {
            bodies[try row.decode(column: "item_id", as: UUID.self)]? += try ["vendor", "receipt_number", "ocr_text"]
                .compactMap { try row.decode(column: $0, as: String?.self) }
        }
        let texts = bodies.map { (id: $0.key, body: searchText($0.value)) }
        for chunk in texts.chunks(of: 500) { try await saveSearchText(chunk, on: db, kind: kind) }
    }

    /// The search text of an item's fields, tags and receipts' texts: their words, separated by spaces.
    static func searchText(_ parts: [String]) -> String {
        ItemQuery.words(of: parts.joined(separator: "\n")).joined(separator: " ")
    }

    /// What an item's own fields and tags give its search text (its receipts add theirs).
    static func searchParts(_ details: ItemDetails) -> [String] {
        [details.name, details.description, details.brand, details.model, details.serialNumber, details.barcode, details.notes]
            .compactMap { $0 } + details.tags
    }

    /// Writes search texts in a few statements for many items: one UPDATE from a VALUES list, and on
    /// SQLite the FTS5 rows replaced the same way.
    private static func saveSearchText(_ texts: [(id: UUID, body: String)], on db: any SQLDatabase, kind: DatabaseKind) async throws {
        guard !texts.isEmpty else { return }
        let values = SQLList(texts.map { SQLGroupExpression([SQLBind($0.id), SQLBind($0.body)]) })
        try await db.raw("""
            UPDATE inventory_items SET search_text = v.column2 FROM (VALUES \(values)) AS v WHERE inventory_items.id = v.column1
            """).run()
        if kind == .sqlite { try await indexSearchText(texts, on: db) }
    }

    /// On SQLite, replaces the FTS5 rows of items whose `search_text` was written (PostgreSQL's
    /// index follows the column by itself).
    static func indexSearchText(_ texts: [(id: UUID, body: String)], on db: any SQLDatabase) async throws {
        guard !texts.isEmpty else { return }
        let values = SQLList(texts.map { SQLGroupExpression([SQLBind($0.id), SQLBind($0.body)]) })
        let ids = SQLList(texts.map { SQLGroupExpression([SQLBind($0.id)]) })
        try await db.raw("INSERT INTO inventory_search_rows (item_id) VALUES \(ids) ON CONFLICT (item_id) DO NOTHING").run()
        let rows: SQLQueryString = "SELECT row FROM inventory_search_rows WHERE item_id IN (\(SQLList(texts.map { SQLBind($0.id) })))"
        try await db.raw("DELETE FROM inventory_search WHERE rowid IN (\(rows))").run()
        try await db.raw("""
            INSERT INTO inventory_search (rowid, body)
            SELECT r.row, v.column2 FROM (VALUES \(values)) AS v JOIN inventory_search_rows r ON r.item_id = v.column1
            """).run()
    }
}

extension InventoryStore {
    /// On SQLite, indexes the household's items that have no FTS5 row yet (the ones an import or
    /// a restore just inserted with their `search_text`) in one statement: FTS5 writes its index
    /// out at the end of every statement, and one write of 100,000 texts costs a fraction of 200
    /// writes of 500 and their merging.
    static func indexNewItems(householdId: UUID, on db: any SQLDatabase) async throws {
        let last = try await db.raw("SELECT COALESCE(MAX(row), 0) AS last FROM inventory_search_rows").first()?.decode(column: "last", as: Int.self) ?? 0
        try await db.raw("""
            INSERT INTO inventory_search_rows (item_id) SELECT id FROM inventory_items i
            WHERE household_id = \(bind: householdId) AND NOT EXISTS (SELECT 1 FROM inventory_search_rows r WHERE r.item_id = i.id)
            """).run()
        try await db.raw("""
            INSERT INTO inventory_search (rowid, body)
            SELECT r.row, i.search_text FROM inventory_search_rows r JOIN inventory_items i ON i.id = r.item_id WHERE r.row > \(bind: last)
            """).run()
    }
}
