import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// The household's receipts, newest first; with `text`, those whose vendor, number or read text
    /// contains every word.
    public func receipts(householdId: UUID, matching text: String? = nil, limit: Int = 200) async throws -> [Receipt] {
        let query = sql.select().columns(Self.receiptColumns).from("inventory_receipts").where("household_id", .equal, householdId)
        let words = ItemQuery(text: text).searchWords
        for word in words {
            let pattern = "%\(word.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: ""))%"
            query.where(SQLQueryString("LOWER(COALESCE(vendor, '') || ' ' || COALESCE(receipt_number, '') || ' ' || COALESCE(ocr_text, '')) LIKE \(bind: pattern)"))
        }
        let rows = try await query.orderBy("created_at", .descending).orderBy("id").limit(min(max(limit, 1), 1000)).all()
        return try await Self.receipts(from: rows, on: sql)
    }

    /// One receipt of the household, with the items it belongs to.
    public func receipt(id: UUID, householdId: UUID) async throws -> Receipt? {
        try await Self.receipt(id: id, householdId: householdId, on: sql)
    }

    /// The receipts of one item, newest first.
    public func receipts(itemId: UUID, householdId: UUID) async throws -> [Receipt] {
        let rows = try await sql.select().columns(Self.receiptColumns.map { SQLColumn(SQLIdentifier($0), table: SQLIdentifier("r")) })
            .from(SQLAlias(SQLIdentifier("inventory_receipts"), as: SQLIdentifier("r")))
            .join(SQLAlias(SQLIdentifier("inventory_receipt_items"), as: SQLIdentifier("l")), on: SQLColumn("receipt_id", table: "l"), .equal, SQLColumn("id", table: "r"))
            .where(SQLColumn("item_id", table: "l"), .equal, SQLBind(itemId)).where(SQLColumn("household_id", table: "r"), .equal, SQLBind(householdId))
            .orderBy(SQLColumn("created_at", table: "r"), SQLDirection.descending).all()
        return try await Self.receipts(from: rows, on: sql)
    }

    /// Adds a receipt: an image to read (status `reading`), or fields typed in (status `confirmed`).
    /// The same client id again returns the first result. `place` puts the image in place under the
    /// media lock.
    public func createReceipt(id: UUID?, householdId: UUID, image: StoredFile?, fields: ReceiptFields?,
                              place: @escaping FilePlacer = { _ in }) async throws -> (receipt: Receipt, created: Bool) {
        let fields = try fields?.validated()
        let id = id ?? ids.next()
        let now = clock.now, kind = self.kind
        return try await database.transaction { db in
            if let owner = try await Self.owner(table: "inventory_receipts", id: id, on: db) {
                guard owner == householdId, let receipt = try await Self.receipt(id: id, householdId: householdId, on: db) else {
                    throw InventoryError.idConflict
                }
                return (receipt, false)
            }
            let status: Receipt.Status = image == nil ? .confirmed : .reading
            var values: [(String, SQLBind)] = [
                ("id", SQLBind(id)), ("household_id", SQLBind(householdId)), ("status", SQLBind(status.rawValue)),
                ("image_sha256", SQLBind(image?.sha256)), ("image_type", SQLBind(image?.contentType)), ("image_size", SQLBind(image?.byteSize)),
                ("image_width", SQLBind(image?.width)), ("image_height", SQLBind(image?.height)),
                ("created_at", SQLBind(now)), ("updated_at", SQLBind(now)),
            ]
            values += try Self.fieldColumns(fields ?? ReceiptFields())
            try await Self.place(image.map { [$0.sha256] } ?? [], with: place, on: db, kind: kind)
            try await db.insert(into: "inventory_receipts").columns(values.map(\.0)).values(values.map(\.1)).run()
            guard let receipt = try await Self.receipt(id: id, householdId: householdId, on: db) else { throw StoreError.missingRow("inventory_receipts") }
            return (receipt, true)
        }
    }

    /// Stores what OCR read and proposed; a receipt without usable text becomes `unreadable`.
    /// Items it belongs to become findable by its text.
    public func recordReading(receiptId: UUID, householdId: UUID, text: String, proposal: ReceiptProposal?) async throws {
        let readable = !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && proposal != nil
        let clean = String(text.unicodeScalars.filter { !TextRules.isControl($0) || $0 == "\n" || $0 == "\t" }.prefix(100_000).map(Character.init))
        let proposalJSON = try proposal.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let now = clock.now, kind = self.kind
        try await database.transaction { db in
            try await db.update("inventory_receipts")
                .set("status", to: readable ? Receipt.Status.read.rawValue : Receipt.Status.unreadable.rawValue)
                .set("ocr_text", to: SQLBind(clean.nilIfEmpty)).set("proposal", to: SQLBind(proposalJSON)).set("updated_at", to: now)
                .where("id", .equal, receiptId).where("household_id", .equal, householdId).where("status", .equal, Receipt.Status.reading.rawValue)
                .run()
            try await Self.refreshSearch(try await Self.linkedItems(receiptId, on: db), on: db, kind: kind)
        }
    }

    /// Saves the fields a person confirmed or corrected.
    public func confirmReceipt(id: UUID, householdId: UUID, _ fields: ReceiptFields) async throws -> Receipt {
        let fields = try fields.validated()
        let now = clock.now, kind = self.kind
        return try await database.transaction { db in
            guard try await Self.receipt(id: id, householdId: householdId, on: db) != nil else { throw InventoryError.receiptNotFound }
            let update = db.update("inventory_receipts").set("status", to: Receipt.Status.confirmed.rawValue).set("updated_at", to: now)
            for (column, value) in try Self.fieldColumns(fields) { update.set(SQLIdentifier(column), to: value) }
            try await update.where("id", .equal, id).run()
            try await Self.refreshSearch(try await Self.linkedItems(id, on: db), on: db, kind: kind)
            guard let receipt = try await Self.receipt(id: id, householdId: householdId, on: db) else { throw InventoryError.receiptNotFound }
            return receipt
        }
    }

    /// Deletes a receipt; its items stay. Returns its image file, which the caller removes when
    /// nothing else refers to it.
    public func deleteReceipt(id: UUID, householdId: UUID) async throws -> String? {
        let now = clock.now, kind = self.kind
        return try await database.transaction { db in
            guard let receipt = try await Self.receipt(id: id, householdId: householdId, on: db) else { throw InventoryError.receiptNotFound }
            try await db.delete(from: "inventory_receipts").where("id", .equal, id).run()
            try await Self.recountReceipts(forItems: receipt.itemIds, at: now, on: db)
            try await Self.refreshSearch(receipt.itemIds, on: db, kind: kind)
            return receipt.image?.sha256
        }
    }

    /// Links a receipt to an item. `fill` decides what reaches the item's purchase date, place and
    /// price: only empty ones (default), all of them (after the person agreed), or none. The price
    /// comes from the receipt line `line` (per piece), the only line, or the total of a receipt
    /// without lines; without `line`, the line that names the item (``Receipt/lineIndex(matching:)``). Returns the item and the fields it already had with other values, which
    /// `fill: .empty` left alone.
    public func linkReceipt(id: UUID, itemId: UUID, householdId: UUID, line: Int?, fill: ReceiptFill) async throws -> (item: InventoryItem, conflicts: [String]) {
        let now = clock.now, kind = self.kind
        return try await database.transaction { db in
            guard let receipt = try await Self.receipt(id: id, householdId: householdId, on: db) else { throw InventoryError.receiptNotFound }
            guard let item = try await Self.item(id: itemId, householdId: householdId, includingDeleted: false, on: db, locking: true) else {
                throw try await Self.missing(itemId, householdId, on: db)
            }
            guard receipt.status == .confirmed else { throw InventoryError.receiptNotConfirmed }
            if let line, !receipt.lines.indices.contains(line) { throw InventoryError.invalidReceiptLine(count: receipt.lines.count) }
            try await db.insert(into: "inventory_receipt_items").columns("receipt_id", "item_id", "household_id")
                .values(SQLBind(id), SQLBind(itemId), SQLBind(householdId))
                .ignoringConflicts(with: ["receipt_id", "item_id"]).run()
            let offered = receipt.purchaseOffer(line: line ?? receipt.lineIndex(matching: item.name))
            var conflicts: [String] = []
            let update = db.update("inventory_items").set("updated_at", to: now)
            func offer<Value: Equatable & Sendable>(_ name: String, _ new: Value?, _ old: Value?, _ write: (Value) -> Void) {
                guard let new, fill != .none else { return }
                if old == nil || fill == .all { write(new) } else if old != new { conflicts.append(name) }
            }
            offer("purchaseDate", offered.date, item.purchaseDate) { update.set("purchase_date", to: $0.description) }
            offer("purchasePlace", offered.place, item.purchasePlace) { update.set("purchase_place", to: $0) }
            offer("purchasePrice", offered.price, item.purchasePrice) {
                update.set("purchase_price", to: $0.amount).set("purchase_currency", to: $0.currency)
            }
            try await update.where("id", .equal, itemId).run()
            try await Self.recountReceipts(forItems: [itemId], at: now, on: db)
            try await Self.refreshSearch([itemId], on: db, kind: kind)
            guard let linked = try await Self.item(id: itemId, householdId: householdId, includingDeleted: false, on: db) else {
                throw InventoryError.itemNotFound
            }
            return (linked, conflicts)
        }
    }

    /// Takes a receipt off an item; both stay.
    public func unlinkReceipt(id: UUID, itemId: UUID, householdId: UUID) async throws {
        let now = clock.now, kind = self.kind
        try await database.transaction { db in
            guard try await Self.receipt(id: id, householdId: householdId, on: db) != nil else { throw InventoryError.receiptNotFound }
            guard try await !db.delete(from: "inventory_receipt_items").where("receipt_id", .equal, id).where("item_id", .equal, itemId)
                .returning("item_id").all().isEmpty
            else { throw InventoryError.itemNotFound }
            try await Self.recountReceipts(forItems: [itemId], at: now, on: db)
            try await Self.refreshSearch([itemId], on: db, kind: kind)
        }
    }

    /// Receipts whose reading was under way when the server stopped: read them again at start.
    /// Whether a receipt still waits for its reading.
    public func isBeingRead(receiptId: UUID) async throws -> Bool {
        try await sql.select().column("id").from("inventory_receipts").where("id", .equal, receiptId)
            .where("status", .equal, Receipt.Status.reading.rawValue).first() != nil
    }

    public func receiptsBeingRead() async throws -> [(id: UUID, householdId: UUID, sha256: String)] {
        try await sql.select().columns("id", "household_id", "image_sha256").from("inventory_receipts")
            .where("status", .equal, Receipt.Status.reading.rawValue).where("image_sha256", .isNot, SQLLiteral.null).all()
            .map { (try $0.decode(column: "id", as: UUID.self), try $0.decode(column: "household_id", as: UUID.self),
                    try $0.decode(column: "image_sha256", as: String.self)) }
    }

    static func linkedItems(_ receiptId: UUID, on db: any SQLDatabase) async throws -> [UUID] {
        try await db.select().column("item_id").from("inventory_receipt_items").where("receipt_id", .equal, receiptId).all()
            .map { try $0.decode(column: "item_id", as: UUID.self) }
    }

    /// Keeps items' receipt counts in step with their links and receipts kept as documents.
    static func recountReceipts(forItems itemIds: [UUID], at now: Date, on db: any SQLDatabase) async throws {
        for id in itemIds {
            try await db.raw("""
                UPDATE inventory_items SET receipt_count = \(unsafeRaw: receiptCount("inventory_items.id")), updated_at = \(bind: now)
                WHERE id = \(bind: id)
                """).run()
        }
    }

    /// An item's receipts, as SQL for the item whose id is `itemId` (a column): the receipts linked
    /// to it and the receipts kept among its documents, which document a purchase just the same.
    static func receiptCount(_ itemId: String) -> String {
        """
        ((SELECT COUNT(*) FROM inventory_receipt_items l WHERE l.item_id = \(itemId)) \
        + (SELECT COUNT(*) FROM inventory_documents d WHERE d.item_id = \(itemId) AND d.kind = 'receipt'))
        """
    }
}
