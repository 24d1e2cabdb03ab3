import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// Writes rooms and categories a plan adds or updates, a few hundred rows per statement.
    static func writeGroups(_ inserts: [RestorePlan.GroupWrite], updates: [RestorePlan.GroupWrite] = [], householdId: UUID, now: Date,
                            on db: any SQLDatabase) async throws {
        for group in updates {
            let binds = depreciationBinds(group.kind, name: group.name, group.depreciation)
            try await db.update("inventory_groups").set("name", to: group.name).set("icon", to: SQLBind(group.icon))
                .set("color", to: SQLBind(group.color)).set("position", to: group.position).set("updated_at", to: now)
                .set("useful_life_years", to: binds[0]).set("depreciation_floor", to: binds[1]).where("id", .equal, group.id).run()
        }
        for chunk in inserts.chunks(of: 200) {
            let insert = db.insert(into: "inventory_groups")
                .columns("id", "household_id", "kind", "name", "name_key", "icon", "color", "position", "is_default", "created_at", "updated_at",
                         "useful_life_years", "depreciation_floor")
            for group in chunk {
                insert.values([SQLBind(group.id), SQLBind(householdId), SQLBind(group.kind.rawValue), SQLBind(group.name),
                               SQLBind(InventoryRules.key(group.name)), SQLBind(group.icon), SQLBind(group.color), SQLBind(group.position), SQLBind(false),
                               SQLBind(now), SQLBind(now)] + depreciationBinds(group.kind, name: group.name, group.depreciation))
            }
            try await insert.run()
        }
    }

    /// Keeps restored items in their containers, a few hundred per statement (PostgreSQL is told the
    /// CASE's values are UUIDs; SQLite stores them as it stores every id).
    static func setContainers(_ links: [(item: UUID, container: UUID)], householdId: UUID, on db: any SQLDatabase, kind: DatabaseKind) async throws {
        for chunk in links.chunks(of: 300) {
            var cases = SQLQueryString("")
            for link in chunk {
                cases += kind == .postgres ? " WHEN \(bind: link.item) THEN CAST(\(bind: link.container) AS uuid)" : " WHEN \(bind: link.item) THEN \(bind: link.container)"
            }
            let ids = chunk.map { SQLQueryString("\(bind: $0.item)") }.joined(separator: ", ")
            try await db.raw("UPDATE inventory_items SET container_id = CASE id\(cases) END WHERE household_id = \(bind: householdId) AND id IN (\(ids))").run()
        }
    }

    /// Sets the receipt count of every item of the household whose count is not what it has (the
    /// items a restore added, whose receipts and documents came after them).
    static func recountReceipts(householdId: UUID, on db: any SQLDatabase) async throws {
        try await db.raw("""
            UPDATE inventory_items SET receipt_count = \(unsafeRaw: receiptCount("inventory_items.id"))
            WHERE household_id = \(bind: householdId) AND receipt_count <> \(unsafeRaw: receiptCount("inventory_items.id"))
            """).run()
    }

    /// The rows restored items add: the items with their tags and search text
    /// (``newItemRows(_:householdId:)``; receipts add theirs to the search text once linked), and
    /// their photos.
    static func restoredItemRows(_ items: [RestorePlan.ItemWrite], householdId: UUID, numbering: inout AssetNumbering) -> [BulkRows] {
        guard !items.isEmpty else { return [] }
        let itemRows = newItemRows(items.map { item in
            var details = item.details
            details.roomId = item.roomId
            details.categoryId = item.categoryId
            return NewItem(id: item.id, assetId: numbering.next(requested: item.assetId), details: details, warrantyUntil: item.warrantyUntil, createdAt: item.createdAt, updatedAt: item.updatedAt,
                           deletedAt: item.deletedAt, photoCount: item.photos.count, primaryPhotoId: item.photos.first?.id,
                           missingPhotos: item.missingPhotos, verifiedOn: item.verifiedOn)
        }, householdId: householdId)
        var photos = BulkRows(table: "inventory_photos", columns: photoColumns + ["household_id"])
        for item in items {
            for (index, photo) in item.photos.enumerated() {
                let file = photo.file
                photos.append([.uuid(photo.id), .uuid(item.id), .text(file.sha256), .text(file.contentType), .int(file.width), .int(file.height),
                               .int(file.byteSize), .int(index + 1), .date(item.createdAt), .uuid(householdId)])
            }
        }
        return itemRows + [photos]
    }

    /// `work` (planning the next batch, making its rows) done while `rows` are inserted on `db`;
    /// returns when both have ended. `work` must not use `db`: a connection runs one statement at a time.
    static func whileInserting<T>(_ rows: [BulkRows], on db: any SQLDatabase, _ work: () async throws -> T) async throws -> T {
        let inserting = Task { try await rows.insert(on: db) }
        let result: Result<T, any Error>
        do { result = .success(try await work()) } catch { result = .failure(error) }
        try await inserting.value
        return try result.get()
    }

    static func insertReceipts(_ receipts: [RestorePlan.ReceiptWrite], householdId: UUID, on db: any SQLDatabase) async throws {
        for receipt in receipts {
            let image = receipt.image
            let values: [(String, SQLBind)] = [
                ("id", SQLBind(receipt.id)), ("household_id", SQLBind(householdId)), ("status", SQLBind(receipt.status.rawValue)),
                ("ocr_text", SQLBind(receipt.text)),
                ("image_sha256", SQLBind(image?.sha256)), ("image_type", SQLBind(image?.contentType)), ("image_size", SQLBind(image?.byteSize)),
                ("image_width", SQLBind(image?.width)), ("image_height", SQLBind(image?.height)),
                ("created_at", SQLBind(receipt.createdAt)), ("updated_at", SQLBind(receipt.updatedAt)),
            ] + (try fieldColumns(receipt.fields))
            try await db.insert(into: "inventory_receipts").columns(values.map(\.0)).values(values.map(\.1)).run()
        }
        let links = receipts.flatMap { receipt in Set(receipt.itemIds).map { (receipt.id, $0) } }
        for chunk in links.chunks(of: 500) {
            let insert = db.insert(into: "inventory_receipt_items").columns("receipt_id", "item_id", "household_id")
            for (receiptId, itemId) in chunk { insert.values(SQLBind(receiptId), SQLBind(itemId), SQLBind(householdId)) }
            try await insert.run()
        }
    }
}
