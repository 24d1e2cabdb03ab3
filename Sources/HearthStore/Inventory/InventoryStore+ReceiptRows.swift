import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    static let receiptColumns = [
        "id", "household_id", "status", "vendor", "receipt_date", "total", "total_currency", "tax", "tax_currency", "receipt_number",
        "lines", "ocr_text", "proposal", "image_sha256", "image_type", "image_size", "image_width", "image_height", "created_at", "updated_at",
    ]

    static func receipt(id: UUID, householdId: UUID, on db: any SQLDatabase) async throws -> Receipt? {
        let rows = try await db.select().columns(receiptColumns).from("inventory_receipts")
            .where("id", .equal, id).where("household_id", .equal, householdId).all()
        return try await receipts(from: rows, on: db).first
    }

    /// Receipts from rows of ``receiptColumns``, with the items each belongs to (one query for all).
    static func receipts(from rows: [any SQLRow], on db: any SQLDatabase) async throws -> [Receipt] {
        let receipts = try rows.map(receipt(from:))
        guard !receipts.isEmpty else { return receipts }
        return try await withLinks(receipts, db.select().columns("receipt_id", "item_id").from("inventory_receipt_items")
            .where("receipt_id", .in, receipts.map(\.id)).all())
    }

    /// Receipts from rows of one household, with the links of the whole household (for exports).
    static func receipts(from rows: [any SQLRow], linksOf householdId: UUID, on db: any SQLDatabase) async throws -> [Receipt] {
        try await withLinks(rows.map(receipt(from:)), db.select().columns("receipt_id", "item_id").from("inventory_receipt_items")
            .where("household_id", .equal, householdId).all())
    }

    private static func withLinks(_ receipts: [Receipt], _ linkRows: [any SQLRow]) throws -> [Receipt] {
        var receipts = receipts, items: [UUID: [UUID]] = [:]
        for row in linkRows {
            items[try row.decode(column: "receipt_id", as: UUID.self), default: []].append(try row.decode(column: "item_id", as: UUID.self))
        }
        for index in receipts.indices { receipts[index].itemIds = items[receipts[index].id] ?? [] }
        return receipts
    }

    static func receipt(from row: any SQLRow) throws -> Receipt {
        func money(_ amount: String, _ currency: String) throws -> Money? {
            guard let amount = try row.decode(column: amount, as: Int?.self), let currency = try row.decode(column: currency, as: String?.self) else {
                return nil
            }
            return Money(amount: amount, currency: currency)
        }
        let decoder = JSONDecoder()
        var image: StoredFile?
        if let sha256 = try row.decode(column: "image_sha256", as: String?.self) {
            image = StoredFile(sha256: sha256, contentType: try row.decode(column: "image_type", as: String?.self) ?? "image/jpeg",
                               byteSize: try row.decode(column: "image_size", as: Int?.self) ?? 0,
                               width: try row.decode(column: "image_width", as: Int?.self) ?? 0,
                               height: try row.decode(column: "image_height", as: Int?.self) ?? 0)
        }
        return Receipt(
            id: try row.decode(column: "id", as: UUID.self), householdId: try row.decode(column: "household_id", as: UUID.self),
            status: Receipt.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .unreadable,
            vendor: try row.decode(column: "vendor", as: String?.self),
            date: try row.decode(column: "receipt_date", as: String?.self).flatMap(CalendarDate.init(iso:)),
            total: try money("total", "total_currency"), tax: try money("tax", "tax_currency"),
            number: try row.decode(column: "receipt_number", as: String?.self),
            lines: (try? decoder.decode([ReceiptLine].self, from: Data(try row.decode(column: "lines", as: String.self).utf8))) ?? [],
            text: try row.decode(column: "ocr_text", as: String?.self),
            proposal: try row.decode(column: "proposal", as: String?.self).flatMap { try? decoder.decode(ReceiptProposal.self, from: Data($0.utf8)) },
            image: image, createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }

    /// The columns the confirmed fields fill.
    static func fieldColumns(_ fields: ReceiptFields) throws -> [(String, SQLBind)] {
        [
            ("vendor", SQLBind(fields.vendor)), ("receipt_date", SQLBind(fields.date?.description)),
            ("total", SQLBind(fields.total?.amount)), ("total_currency", SQLBind(fields.total?.currency)),
            ("tax", SQLBind(fields.tax?.amount)), ("tax_currency", SQLBind(fields.tax?.currency)),
            ("receipt_number", SQLBind(fields.number)),
            ("lines", SQLBind(String(decoding: try JSONEncoder().encode(fields.lines), as: UTF8.self))),
        ]
    }
}
