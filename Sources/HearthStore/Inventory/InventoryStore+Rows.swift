import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// One item of the household (also a deleted one when `includingDeleted`).
    public func item(id: UUID, householdId: UUID, includingDeleted: Bool = false) async throws -> InventoryItem? {
        try await Self.item(id: id, householdId: householdId, includingDeleted: includingDeleted, on: sql)
    }

    /// Several of the household's items by id (also ones in Recently deleted), in one query per 500.
    public func items(ids: [UUID], householdId: UUID) async throws -> [UUID: InventoryItem] {
        var found: [UUID: InventoryItem] = [:]
        for chunk in Array(Set(ids)).chunks(of: 500) {
            let rows = try await sql.select().columns(Self.itemColumns).from("inventory_items").where("id", .in, chunk)
                .where(database.owner("household_id", is: householdId)).all()
            for item in try await Self.items(from: rows, on: sql) { found[item.id] = item }
        }
        return found
    }

    /// The items kept in an item (outside Recently deleted), A–Z, at most `limit`.
    public func contents(of itemId: UUID, householdId: UUID, limit: Int = 200) async throws -> [InventoryItem] {
        try await Self.items(from: sql.select().columns(Self.itemColumns).from("inventory_items").where("container_id", .equal, itemId)
            .where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null).orderBy("name_key").limit(limit).all(), on: sql)
    }

    static let itemColumns = [
        "id", "household_id", "asset_id", "name", "description", "room_id", "category_id", "quantity", "brand", "model", "serial_number", "barcode",
        "purchase_date", "purchase_place", "purchase_price", "purchase_currency", "replacement_value", "replacement_currency",
        "condition", "warranty_until", "notes", "photo_count", "receipt_count", "missing_photos", "primary_photo_id", "created_at", "updated_at",
        "deleted_at", "container_id", "disposition", "useful_life_years", "depreciation_floor", "verified_on",
    ]

    static func item(id: UUID, householdId: UUID, includingDeleted: Bool, on db: any SQLDatabase, locking: Bool = false) async throws -> InventoryItem? {
        let query = db.select().columns(itemColumns).from("inventory_items").where("id", .equal, id).where("household_id", .equal, householdId)
        if !includingDeleted { query.where("deleted_at", .is, SQLLiteral.null) }
        if locking { query.for(.update) }
        guard let row = try await query.first() else { return nil }
        return try await items(from: [row], on: db).first
    }

    /// Items from rows of ``itemColumns``, with their tags (one query for all of them).
    static func items(from rows: [any SQLRow], on db: any SQLDatabase) async throws -> [InventoryItem] {
        let items = try rows.map(item(from:))
        guard !items.isEmpty else { return items }
        return try await withTags(items, db.select().columns("item_id", "tag").from("inventory_item_tags").where("item_id", isOneOf: items.map(\.id), on: db).all())
    }

    /// Items from rows of ``itemColumns`` of one household, with the tags of the whole household
    /// (for exports of every item, where a list of ids would be too long for one statement).
    static func items(from rows: [any SQLRow], tagsOf householdId: UUID, on db: any SQLDatabase) async throws -> [InventoryItem] {
        try await withTags(rows.map(item(from:)),
                     db.select().columns("item_id", "tag").from("inventory_item_tags").where("household_id", .equal, householdId).all())
    }

    private static func withTags(_ items: [InventoryItem], _ tagRows: [any SQLRow]) throws -> [InventoryItem] {
        var items = items, tags: [UUID: [String]] = [:]
        for row in tagRows {
            tags[try row.decode(column: "item_id", as: UUID.self), default: []].append(try row.decode(column: "tag", as: String.self))
        }
        for index in items.indices {
            items[index].tags = (tags[items[index].id] ?? []).sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
        }
        return items
    }

    /// An item's own depreciation rule (its floor is set when it has one), or a category's; nil for a room or an item without one.
    static func depreciation(from row: any SQLRow) throws -> Depreciation? {
        try row.decode(column: "depreciation_floor", as: Int?.self).map {
            Depreciation(usefulLifeYears: try row.decode(column: "useful_life_years", as: Int?.self), floorPercent: $0)
        }
    }

    /// The `asset_id` column of a row of items; nil out of range.
    static func assetId(from row: any SQLRow) throws -> AssetID? {
        try row.decode(column: "asset_id", as: Int?.self).flatMap { (1...AssetID.maximum).contains($0) ? AssetID($0) : nil }
    }

    static func item(from row: any SQLRow) throws -> InventoryItem {
        func money(_ amount: String, _ currency: String) throws -> Money? {
            guard let amount = try row.decode(column: amount, as: Int?.self), let currency = try row.decode(column: currency, as: String?.self) else {
                return nil
            }
            return Money(amount: amount, currency: currency)
        }
        func date(_ column: String) throws -> CalendarDate? {
            try row.decode(column: column, as: String?.self).flatMap(CalendarDate.init(iso:))
        }
        var item = InventoryItem(
            id: try row.decode(column: "id", as: UUID.self), householdId: try row.decode(column: "household_id", as: UUID.self),
            assetId: try assetId(from: row),
            name: try row.decode(column: "name", as: String.self), description: try row.decode(column: "description", as: String?.self),
            roomId: try row.decode(column: "room_id", as: UUID?.self), categoryId: try row.decode(column: "category_id", as: UUID?.self),
            quantity: try row.decode(column: "quantity", as: Int.self), brand: try row.decode(column: "brand", as: String?.self),
            model: try row.decode(column: "model", as: String?.self), serialNumber: try row.decode(column: "serial_number", as: String?.self),
            barcode: try row.decode(column: "barcode", as: String?.self), purchaseDate: try date("purchase_date"),
            purchasePlace: try row.decode(column: "purchase_place", as: String?.self),
            purchasePrice: try money("purchase_price", "purchase_currency"),
            replacementValue: try money("replacement_value", "replacement_currency"),
            condition: try row.decode(column: "condition", as: String?.self).flatMap(ItemCondition.init(rawValue:)),
            warrantyUntil: try date("warranty_until"), notes: try row.decode(column: "notes", as: String?.self),
            containerId: try row.decode(column: "container_id", as: UUID?.self),
            disposition: try row.decode(column: "disposition", as: String?.self).flatMap(ItemDisposition.init(rawValue:)),
            depreciation: try depreciation(from: row),
            photoCount: try row.decode(column: "photo_count", as: Int.self), receiptCount: try row.decode(column: "receipt_count", as: Int.self),
            missingPhotos: try row.decode(column: "missing_photos", as: Int.self), primaryPhotoId: try row.decode(column: "primary_photo_id", as: UUID?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self),
            deletedAt: try row.decode(column: "deleted_at", as: Date?.self)
        )
        item.verifiedOn = try date("verified_on")
        return item
    }
}
