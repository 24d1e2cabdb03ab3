import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// An item written as it is, with no checks left to make: what an import or a restore adds.
    struct NewItem: Sendable {
        var id: UUID
        var assetId: AssetID
        /// With the room and category ids to store.
        var details: ItemDetails
        var warrantyUntil: CalendarDate?
        var createdAt: Date
        var updatedAt: Date
        var deletedAt: Date?
        var photoCount = 0
        var primaryPhotoId: UUID?
        var missingPhotos = 0
        var verifiedOn: CalendarDate?
    }

    /// Inserts new items with their tags and search text, in bulk (``BulkRows``), a few thousand at
    /// a time: the next rows are made while the database writes these. The search text is known from
    /// the item, so none is read back; the caller then calls ``finishAdding(householdId:kind:on:)``.
    static func insertNewItems(_ items: [NewItem], householdId: UUID, on db: any SQLDatabase) async throws {
        try await Pipeline.run(items.chunks(of: 5000), produce: { newItemRows($0, householdId: householdId) }, consume: { try await $0.insert(on: db) })
    }

    /// The rows of new items: the items with their search text, then their tags.
    static func newItemRows(_ items: [NewItem], householdId: UUID) -> [BulkRows] {
        var rows = BulkRows(table: "inventory_items",
                            columns: ["id", "household_id", "asset_id", "photo_count", "primary_photo_id", "missing_photos", "search_text", "created_at", "updated_at", "deleted_at",
                                      "verified_on"]
                                + detailColumns(items[0].details, warrantyUntil: nil).map(\.column))
        var tags = BulkRows(table: "inventory_item_tags", columns: ["item_id", "household_id", "tag", "tag_key"])
        for item in items {
            rows.append([.uuid(item.id), .uuid(householdId), .int(item.assetId.number), .int(item.photoCount), BulkValue(item.primaryPhotoId), .int(item.missingPhotos),
                         .text(searchText(searchParts(item.details))), .date(item.createdAt), .date(item.updatedAt), BulkValue(item.deletedAt),
                          BulkValue(item.verifiedOn?.description)]
                        + detailColumns(item.details, warrantyUntil: item.warrantyUntil).map(\.value))
            for tag in item.details.tags { tags.append([.uuid(item.id), .uuid(householdId), .text(tag), .text(tag.lowercased())]) }
        }
        return [rows, tags]
    }
}

extension InventoryStore {
    /// What an import or restore does first, in its transaction, before it inserts new items: on
    /// PostgreSQL, new search entries wait in the search index's pending list until the end, instead
    /// of being merged into the index (a few hundred milliseconds each time) every 4 MB of text.
    /// ``settleAdding(_:)`` merges them once the transaction has committed.
    static func startAdding(kind: DatabaseKind, on db: any SQLDatabase) async throws {
        guard kind == .postgres else { return }
        try await db.raw("SET LOCAL gin_pending_list_limit = '1GB'").run()
    }

    /// What an import or restore does once it has inserted new items (``insertNewItems(_:householdId:on:)``),
    /// still in its transaction: on SQLite, indexes them for search all at once (``indexNewItems(householdId:on:)``).
    static func finishAdding(householdId: UUID, kind: DatabaseKind, on db: any SQLDatabase) async throws {
        guard kind == .sqlite else { return }
        try await indexNewItems(householdId: householdId, on: db)
    }

    /// Once an import or restore that added `count` items has committed, on PostgreSQL: merges the
    /// search entries it left pending (``startAdding(kind:on:)``; searches read them meanwhile, only
    /// slower) and, after a thousand items or more, brings the inventory tables' statistics up to
    /// date. Until autovacuum next looks (a minute or more later), PostgreSQL would plan for the
    /// tables as it last measured them (empty, for a new server) and read a 100,000-item table whole
    /// for every page of the next export or backup. Started, not awaited: the answer goes out meanwhile.
    func settleAdding(_ count: Int) {
        guard kind == .postgres, count > 0 else { return }
        let sql = self.sql
        // Best effort: when the server stops first, autovacuum does both a little later.
        Task {
            _ = try? await sql.raw("SELECT gin_clean_pending_list('inventory_items_search'::regclass)").run()
            if count >= 1000 { _ = try? await sql.raw("ANALYZE inventory_items, inventory_item_tags, inventory_photos").run() }
        }
    }
}
