import Foundation
import HearthCore
import HearthStore
import SQLKit

extension InventoryFixture {
    /// Items created at once: PostgreSQL's pool has several connections; SQLite's one connection
    /// takes them in turn.
    static let concurrentCreates = 8

    /// The default rooms and categories, ``itemCount`` items from ``HouseholdCatalog`` and, with ``photos``, their photos.
    func fillHousehold() async throws {
        try await store.prepare(householdId: householdId)
        var catalog = HouseholdCatalog(rooms: try await store.groups(.room, householdId: householdId).map(\.id),
                                       categories: try await store.groups(.category, householdId: householdId).map(\.id))
        let items = (0..<itemCount).map { _ in catalog.nextItem() }
        let ids = try await create(items)
        if photos { try await addPhotos(to: ids, catalog: &catalog) }
        // A running server's autovacuum analyses the table within a minute of such a load; SQLite
        // has no such thing and Hearth never runs ANALYZE on it.
        if case .postgres = backend { try await database.run("ANALYZE") }
    }

    /// Creates the items through the store, as the API does, so their search text is the store's
    /// own (`refreshSearch` is internal). Returns their ids in order.
    private func create(_ items: [ItemDetails]) async throws -> [UUID] {
        let (store, householdId) = (store!, householdId)
        var ids = [UUID](repeating: UUID(), count: items.count)
        try await withThrowingTaskGroup(of: (Int, UUID).self) { group in
            var next = 0
            func startNext() {
                let index = next
                next += 1
                group.addTask { (index, try await store.createItem(id: nil, householdId: householdId, items[index]).item.id) }
            }
            while next < min(Self.concurrentCreates, items.count) { startNext() }
            while let created = try await group.next() {
                ids[created.0] = created.1
                if next < items.count { startNext() }
            }
        }
        return ids
    }

    /// Inserts photo rows in one transaction (the files themselves do not matter to these queries),
    /// then sets every item's photo count and primary photo as `InventoryStore.addPhotos` does.
    private func addPhotos(to itemIds: [UUID], catalog: inout HouseholdCatalog) async throws {
        let now = Date()
        let rows = itemIds.flatMap { itemId in
            (0..<catalog.photoCount()).map { position in
                let portrait = position % 2 == 1
                return PhotoRow(id: UUID(), itemId: itemId, sha256: catalog.fileHash(), width: portrait ? 3024 : 4032,
                                height: portrait ? 4032 : 3024, byteSize: 2_500_000 + position * 311_111, position: position + 1)
            }
        }
        let householdId = householdId
        try await database.transaction { db in
            for start in stride(from: 0, to: rows.count, by: 500) {
                let insert = db.insert(into: "inventory_photos")
                    .columns("id", "item_id", "household_id", "sha256", "content_type", "width", "height", "byte_size", "position", "created_at")
                for row in rows[start..<min(start + 500, rows.count)] {
                    insert.values(SQLBind(row.id), SQLBind(row.itemId), SQLBind(householdId), SQLBind(row.sha256), SQLBind("image/jpeg"),
                                  SQLBind(row.width), SQLBind(row.height), SQLBind(row.byteSize), SQLBind(row.position), SQLBind(now))
                }
                try await insert.run()
            }
            try await db.raw("""
                UPDATE inventory_items SET
                    photo_count = (SELECT COUNT(*) FROM inventory_photos p WHERE p.item_id = inventory_items.id),
                    primary_photo_id = (SELECT p.id FROM inventory_photos p WHERE p.item_id = inventory_items.id ORDER BY p.position, p.created_at LIMIT 1)
                WHERE household_id = \(bind: householdId)
                """).run()
        }
    }
}

/// One photo of an item, as `inventory_photos` keeps it.
private struct PhotoRow: Sendable {
    let id: UUID
    let itemId: UUID
    let sha256: String
    let width: Int
    let height: Int
    let byteSize: Int
    let position: Int
}
