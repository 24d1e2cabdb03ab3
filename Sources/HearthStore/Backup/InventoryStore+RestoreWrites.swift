import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// Writes rooms and categories a plan adds or updates, a few hundred rows per statement.
    static func writeGroups(_ inserts: [RestorePlan.GroupWrite], updates: [RestorePlan.GroupWrite] = [], householdId: UUID, now: Date,
                            on db: any SQLDatabase) async throws {
        for group in updates {
            try await db.update("inventory_groups").set("name", to: group.name).set("icon", to: SQLBind(group.icon))
                .set("position", to: group.position).set("updated_at", to: now).where("id", .equal, group.id).run()
        }
        for chunk in inserts.chunks(of: 200) {
            let insert = db.insert(into: "inventory_groups")
                .columns("id", "household_id", "kind", "name", "name_key", "icon", "position", "is_default", "created_at", "updated_at")
            for group in chunk {
                insert.values(SQLBind(group.id), SQLBind(householdId), SQLBind(group.kind.rawValue), SQLBind(group.name),
                              SQLBind(InventoryRules.key(group.name)), SQLBind(group.icon), SQLBind(group.position), SQLBind(false),
                              SQLBind(now), SQLBind(now))
            }
            try await insert.run()
        }
    }

    /// Sets the receipt count of every item of the household whose count is not its links' (the
    /// items a restore added, whose receipts came after them).
    static func recountReceipts(householdId: UUID, on db: any SQLDatabase) async throws {
        try await db.raw("""
            UPDATE inventory_items SET receipt_count = (SELECT COUNT(*) FROM inventory_receipt_items l WHERE l.item_id = inventory_items.id)
            WHERE household_id = \(bind: householdId)
              AND receipt_count <> (SELECT COUNT(*) FROM inventory_receipt_items l WHERE l.item_id = inventory_items.id)
            """).run()
    }

    /// Inserts new items with their tags, photos and search text (known from the rows, so no item
    /// is read back to be indexed; receipts add theirs once linked), a few hundred rows per statement.
    static func insertItems(_ items: [RestorePlan.ItemWrite], householdId: UUID, on db: any SQLDatabase, kind: DatabaseKind) async throws {
        let texts = items.map { (id: $0.id, body: searchText(searchParts($0.details))) }
        for (chunk, bodies) in zip(items.chunks(of: 200), texts.chunks(of: 200)) {
            let columns = ["id", "household_id", "photo_count", "primary_photo_id", "search_text", "created_at", "updated_at", "deleted_at"]
                + detailColumns(chunk[0].details, warrantyUntil: nil).map(\.column)
            let insert = db.insert(into: "inventory_items").columns(columns)
            for (item, text) in zip(chunk, bodies) {
                var details = item.details
                details.roomId = item.roomId
                details.categoryId = item.categoryId
                insert.values([SQLBind(item.id), SQLBind(householdId), SQLBind(item.photos.count), SQLBind(item.photos.first?.id),
                               SQLBind(text.body), SQLBind(item.createdAt), SQLBind(item.updatedAt), SQLBind(item.deletedAt)]
                              + detailColumns(details, warrantyUntil: item.warrantyUntil).map(\.value))
            }
            try await insert.run()
        }
        if kind == .sqlite {
            for chunk in texts.chunks(of: 500) { try await indexSearchText(chunk, on: db) }
        }
        let tags = items.flatMap { item in item.details.tags.map { (item.id, $0) } }
        for chunk in tags.chunks(of: 500) {
            let insert = db.insert(into: "inventory_item_tags").columns("item_id", "household_id", "tag", "tag_key")
            for (itemId, tag) in chunk { insert.values(SQLBind(itemId), SQLBind(householdId), SQLBind(tag), SQLBind(tag.lowercased())) }
            try await insert.run()
        }
        let photos = items.flatMap { item in item.photos.enumerated().map { (item.id, $0.offset + 1, $0.element, item.createdAt) } }
        for chunk in photos.chunks(of: 300) {
            let insert = db.insert(into: "inventory_photos").columns(photoColumns + ["household_id"])
            for (itemId, position, photo, createdAt) in chunk {
                let file = photo.file
                insert.values(SQLBind(photo.id), SQLBind(itemId), SQLBind(file.sha256), SQLBind(file.contentType), SQLBind(file.width),
                              SQLBind(file.height), SQLBind(file.byteSize), SQLBind(position), SQLBind(createdAt), SQLBind(householdId))
            }
            try await insert.run()
        }
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
