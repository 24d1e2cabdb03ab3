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
            .from("inventory_items").where("id", .in, itemIds).all()
        var bodies: [UUID: [String]] = [:]
        for row in rows {
            bodies[try row.decode(column: "id", as: UUID.self)] = try ["name", "description", "brand", "model", "serial_number", "barcode", "notes"]
                .compactMap { try row.decode(column: $0, as: String?.self) }
        }
        for row in try await db.select().columns("item_id", "tag").from("inventory_item_tags").where("item_id", .in, itemIds).all() {
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
        for (id, parts) in bodies {
            let body = ItemQuery.words(of: parts.joined(separator: "\n")).joined(separator: " ")
            try await db.update("inventory_items").set("search_text", to: body).where("id", .equal, id).run()
            guard kind == .sqlite else { continue }
            try await db.raw("INSERT INTO inventory_search_rows (item_id) VALUES (\(bind: id)) ON CONFLICT (item_id) DO NOTHING").run()
            let row: SQLQueryString = "(SELECT row FROM inventory_search_rows WHERE item_id = \(bind: id))"
            try await db.raw("DELETE FROM inventory_search WHERE rowid = \(row)").run()
            try await db.raw("INSERT INTO inventory_search (rowid, body) VALUES (\(row), \(bind: body))").run()
        }
    }
}
