import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// Adds an item. A client may choose the id: sending the same request again returns the item it
    /// created the first time (`created` false) instead of a second one. `changedAt` is when the
    /// client made it (at most now), which a later edit from another device must not predate.
    public func createItem(id: UUID?, householdId: UUID, _ details: ItemDetails, changedAt: Date? = nil) async throws -> (item: InventoryItem, created: Bool) {
        let (details, warrantyUntil) = try InventoryRules.validated(details)
        let id = id ?? ids.next()
        let now = clock.now
        let editedAt = min(changedAt ?? now, now)
        let kind = self.kind
        return try await database.transaction { db in
            if let owner = try await Self.owner(table: "inventory_items", id: id, on: db) {
                guard owner == householdId, let item = try await Self.item(id: id, householdId: householdId, includingDeleted: true, on: db) else {
                    throw InventoryError.idConflict
                }
                return (item, false)
            }
            var details = details
            // Put in a box, it is where the box is.
            if let room = try await Self.checkContainer(details.containerId, of: id, householdId: householdId, on: db) { details.roomId = room }
            try await Self.checkGroups(details, householdId: householdId, on: db)
            let values = Self.detailColumns(details, warrantyUntil: warrantyUntil)
            try await db.insert(into: "inventory_items")
                .columns(["id", "household_id", "created_at", "updated_at", "edited_at"] + values.map(\.column))
                .values([SQLBind(id), SQLBind(householdId), SQLBind(now), SQLBind(now), SQLBind(editedAt)] + values.map(\.value.bind))
                .run()
            try await Self.saveTags(details.tags, itemId: id, householdId: householdId, on: db)
            try await Self.refreshSearch([id], on: db, kind: kind)
            // Numbered last: the household's count stays locked only until the commit that follows.
            let assetId = try await Self.nextAssetId(householdId: householdId, on: db)
            try await db.update("inventory_items").set("asset_id", to: assetId.number).where("id", .equal, id).run()
            guard let item = try await Self.item(id: id, householdId: householdId, includingDeleted: false, on: db) else {
                throw StoreError.missingRow("inventory_items")
            }
            return (item, true)
        }
    }

    /// Changes an item: `change` receives its details as stored and edits them; the result is
    /// checked and saved in the same transaction, so two people editing different fields at once
    /// both keep their change. `changedAt` is when the client made the change (default and at most
    /// now): an edit older than the item's last one is refused (``InventoryError/changedSince(_:)``),
    /// so of two devices editing offline the later edit stands, whichever arrives first.
    public func updateItem(id: UUID, householdId: UUID, changedAt: Date? = nil,
                           _ change: @escaping @Sendable (inout ItemDetails) throws -> Void) async throws -> InventoryItem {
        let now = clock.now
        let editedAt = min(changedAt ?? now, now)
        let kind = self.kind
        return try await database.transaction { db in
            guard let item = try await Self.item(id: id, householdId: householdId, includingDeleted: false, on: db, locking: true) else {
                throw try await Self.missing(id, householdId, on: db)
            }
            var details = ItemDetails(item)
            try change(&details)
            let checked = try InventoryRules.validated(details)
            var clean = checked.details
            if clean.containerId != item.containerId {
                // Put in a box, it is where the box is.
                if let room = try await Self.checkContainer(clean.containerId, of: id, householdId: householdId, on: db) { clean.roomId = room }
            } else if clean.roomId != item.roomId {
                // Taken to another room, it is out of its box.
                clean.containerId = nil
            }
            try await Self.checkGroups(clean, householdId: householdId, on: db)
            let update = db.update("inventory_items").set("updated_at", to: now).set("edited_at", to: editedAt)
            for value in Self.detailColumns(clean, warrantyUntil: checked.warrantyUntil) { update.set(SQLIdentifier(value.column), to: value.value.bind) }
            // The row is locked: no later edit can land between this check and the answer.
            let updated = try await update.where("id", .equal, id)
                .where { $0.where("edited_at", .is, SQLLiteral.null).orWhere("edited_at", .lessThanOrEqual, editedAt) }
                .runCounting()
            if updated == 0 { throw InventoryError.changedSince(item.name) }
            if clean.tags != item.tags { try await Self.saveTags(clean.tags, itemId: id, householdId: householdId, on: db) }
            if clean.roomId != item.roomId { try await Self.moveContents(of: [id], to: clean.roomId, householdId: householdId, now: now, on: db) }
            try await Self.refreshSearch([id], on: db, kind: kind)
            guard let saved = try await Self.item(id: id, householdId: householdId, includingDeleted: false, on: db) else {
                throw StoreError.missingRow("inventory_items")
            }
            return saved
        }
    }

    /// "Add another like this": a new item with the same details but no serial number (each piece
    /// has its own), photos or receipts, owned (even when the original was sold).
    public func duplicateItem(id: UUID, newId: UUID?, householdId: UUID) async throws -> (item: InventoryItem, created: Bool) {
        guard let original = try await item(id: id, householdId: householdId) else { throw try await Self.missing(id, householdId, on: sql) }
        var details = ItemDetails(original)
        details.serialNumber = nil
        details.disposition = nil
        return try await createItem(id: newId, householdId: householdId, details)
    }

    /// Moves an item to Recently deleted.
    public func deleteItem(id: UUID, householdId: UUID) async throws {
        let count = try await sql.update("inventory_items").set("deleted_at", to: clock.now)
            .where("id", .equal, id).where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null).runCounting()
        if count == 0 { throw try await Self.missing(id, householdId, on: sql) }
    }

    /// Brings an item back from Recently deleted, with its photos and receipts.
    public func restoreItem(id: UUID, householdId: UUID) async throws -> InventoryItem {
        try await sql.update("inventory_items").set("deleted_at", to: SQLLiteral.null).set("updated_at", to: clock.now)
            .where("id", .equal, id).where("household_id", .equal, householdId).where("deleted_at", .isNot, SQLLiteral.null).run()
        guard let item = try await item(id: id, householdId: householdId) else { throw InventoryError.itemNotFound }
        return item
    }

    /// Deletes an item in Recently deleted for good, with its photos. Returns the photo files it
    /// used, which the caller removes where nothing else refers to them.
    @discardableResult
    public func purgeItem(id: UUID, householdId: UUID) async throws -> [String] {
        try await database.transaction { db in
            guard let item = try await Self.item(id: id, householdId: householdId, includingDeleted: true, on: db), item.deletedAt != nil else {
                throw InventoryError.itemNotFound
            }
            return try await Self.purge([id], on: db)
        }
    }

    /// Purges every item that has been in Recently deleted for 30 days. Returns the photo files they used.
    public func purgeExpired() async throws -> [String] {
        let cutoff = clock.now - InventoryItem.retention
        return try await database.transaction { db in
            let expired = try await db.select().column("id").from("inventory_items").where("deleted_at", .lessThan, cutoff)
                .all().map { try $0.decode(column: "id", as: UUID.self) }
            return try await Self.purge(expired, on: db)
        }
    }

    /// Items in Recently deleted, most recently deleted first.
    public func deletedItems(householdId: UUID) async throws -> [InventoryItem] {
        let rows = try await sql.select().columns(Self.itemColumns).from("inventory_items")
            .where("household_id", .equal, householdId).where("deleted_at", .isNot, SQLLiteral.null)
            .orderBy("deleted_at", .descending).limit(1000).all()
        return try await Self.items(from: rows, on: sql)
    }

    /// What a bulk change does to every selected item.
    public enum BulkChange: Sendable, Equatable {
        /// Into a room (nil: no room).
        case move(roomId: UUID?)
        /// Into a category (nil: no category).
        case categorize(categoryId: UUID?)
        /// To Recently deleted.
        case delete
        /// Seen on a day (the yearly check); with `movedTo`, found in that room (nil: in no room).
        case check(on: CalendarDate, movedTo: UUID?? = nil)
    }

    /// Changes a selection of the household's items in one transaction; ids of other households or
    /// of deleted items are skipped. Returns how many items changed. Items moved to another room
    /// take what they hold with them and leave a box that stays behind. A check alone changes no
    /// item (its `updated_at` stays) and sets the day the household last checked.
    public func bulkChange(_ change: BulkChange, itemIds: [UUID], householdId: UUID) async throws -> Int {
        let unique = Array(Set(itemIds))
        guard (1...InventoryRules.maximumSelection).contains(unique.count) else { throw InventoryError.invalidSelection }
        let now = clock.now
        return try await database.transaction { db in
            let update = db.update("inventory_items")
            var moved: UUID??
            func move(to roomId: UUID?) async throws {
                if let roomId, try await Self.group(.room, id: roomId, householdId: householdId, on: db) == nil { throw InventoryError.groupNotFound(.room) }
                update.set("room_id", to: SQLBind(roomId)).set("updated_at", to: now)
                moved = .some(roomId)
            }
            switch change {
            case .move(let roomId):
                try await move(to: roomId)
            case .check(let day, let movedTo):
                update.set("verified_on", to: day.description)
                if let movedTo { try await move(to: movedTo) }
            case .categorize(let categoryId):
                if let categoryId, try await Self.group(.category, id: categoryId, householdId: householdId, on: db) == nil {
                    throw InventoryError.groupNotFound(.category)
                }
                update.set("category_id", to: SQLBind(categoryId)).set("updated_at", to: now)
            case .delete:
                update.set("deleted_at", to: now).set("updated_at", to: now)
            }
            let changed = try await update.where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null)
                .where("id", .in, unique).runCounting()
            if let moved { try await Self.carryContents(of: unique, to: moved, householdId: householdId, now: now, on: db) }
            if case .check(let day, _) = change, changed > 0 {
                try await db.update("households").set("last_checked_on", to: day.description).where("id", .equal, householdId)
                    .where(SQLQueryString("(last_checked_on IS NULL OR last_checked_on < \(bind: day.description))")).run()
            }
            return changed
        }
    }

    /// After a bulk move of `selection` to `roomId`: what the moved items hold follows them, and a moved
    /// item whose box was left behind (not moved, directly or inside another moved box) leaves it.
    /// Deleted items and other households' are not touched.
    static func carryContents(of selection: [UUID], to roomId: UUID?, householdId: UUID, now: Date, on db: any SQLDatabase) async throws {
        let moved = try await db.select().columns("id", "container_id").from("inventory_items").where("household_id", .equal, householdId)
            .where("deleted_at", .is, SQLLiteral.null).where("id", .in, selection).all()
        let ids = try moved.map { try $0.decode(column: "id", as: UUID.self) }
        try await moveContents(of: ids, to: roomId, householdId: householdId, now: now, on: db)
        let containers = Set(try moved.compactMap { try $0.decode(column: "container_id", as: UUID?.self) })
        guard !containers.isEmpty else { return }
        let behind = try await db.select().columns("id", "room_id").from("inventory_items").where("id", .in, Array(containers)).all()
            .filter { try $0.decode(column: "room_id", as: UUID?.self) != roomId }.map { try $0.decode(column: "id", as: UUID.self) }
        guard !behind.isEmpty else { return }
        try await db.update("inventory_items").set("container_id", to: SQLLiteral.null).where("household_id", .equal, householdId)
            .where("id", .in, ids).where("container_id", .in, behind).run()
    }

    /// Puts everything kept in `containerIds`, and in what that holds, in `roomId`: a box carried to
    /// another room takes its contents with it.
    static func moveContents(of containerIds: [UUID], to roomId: UUID?, householdId: UUID, now: Date, on db: any SQLDatabase) async throws {
        var containers = containerIds
        for _ in 0..<InventoryRules.maximumNesting where !containers.isEmpty {
            var held: [UUID] = []
            for chunk in containers.chunks(of: 500) {
                held += try await db.select().column("id").from("inventory_items").where("household_id", .equal, householdId)
                    .where("container_id", .in, chunk).all().map { try $0.decode(column: "id", as: UUID.self) }
            }
            for chunk in held.chunks(of: 500) {
                try await db.update("inventory_items").set("room_id", to: SQLBind(roomId)).set("updated_at", to: now).where("id", .in, chunk).run()
            }
            containers = held
        }
    }

    /// Deletes items (photos, documents, tags and links to receipts cascade; receipts stay); returns the files of their photos and documents.
    static func purge(_ ids: [UUID], on db: any SQLDatabase) async throws -> [String] {
        guard !ids.isEmpty else { return [] }
        var files: [String] = []
        for chunk in ids.chunks(of: 500) {
            for table in ["inventory_photos", "inventory_documents"] {
                files += try await db.select().distinct().column("sha256").from(table).where("item_id", .in, chunk).all()
                    .map { try $0.decode(column: "sha256", as: String.self) }
            }
            try await db.delete(from: "inventory_items").where("id", .in, chunk).run()
            try await db.update("inventory_items").set("container_id", to: SQLLiteral.null).where("container_id", .in, chunk).run()
        }
        return Array(Set(files))
    }

    /// A room or category an item names must be the household's own, of the right kind.
    static func checkGroups(_ details: ItemDetails, householdId: UUID, on db: any SQLDatabase) async throws {
        if let roomId = details.roomId, try await group(.room, id: roomId, householdId: householdId, on: db) == nil {
            throw InventoryError.groupNotFound(.room)
        }
        if let categoryId = details.categoryId, try await group(.category, id: categoryId, householdId: householdId, on: db) == nil {
            throw InventoryError.groupNotFound(.category)
        }
    }

    /// An item can be kept in another of the household's items, never in itself or in one it holds.
    /// Returns the room of the container (nil for none, or a container in no room).
    @discardableResult
    static func checkContainer(_ containerId: UUID?, of itemId: UUID, householdId: UUID, on db: any SQLDatabase) async throws -> UUID? {
        var next = containerId, steps = 0, room: UUID?
        while let current = next {
            guard current != itemId, steps < InventoryRules.maximumNesting else { throw InventoryError.containerLoop }
            guard let row = try await db.select().columns("container_id", "room_id").from("inventory_items").where("id", .equal, current)
                .where("household_id", .equal, householdId).first()
            else { throw InventoryError.containerNotFound }
            if steps == 0 { room = try row.decode(column: "room_id", as: UUID?.self) }
            next = try row.decode(column: "container_id", as: UUID?.self)
            steps += 1
        }
        return room
    }

    /// The columns the details fill, with their values.
    static func detailColumns(_ details: ItemDetails, warrantyUntil: CalendarDate?) -> [(column: String, value: BulkValue)] {
        [
            ("name", .text(details.name)), ("name_key", .text(InventoryRules.key(details.name))),
            ("description", BulkValue(details.description)), ("room_id", BulkValue(details.roomId)), ("category_id", BulkValue(details.categoryId)),
            ("quantity", .int(details.quantity)), ("brand", BulkValue(details.brand)), ("model", BulkValue(details.model)),
            ("serial_number", BulkValue(details.serialNumber)), ("barcode", BulkValue(details.barcode)),
            ("purchase_date", BulkValue(details.purchaseDate?.description)), ("purchase_place", BulkValue(details.purchasePlace)),
            ("purchase_price", BulkValue(details.purchasePrice?.amount)), ("purchase_currency", BulkValue(details.purchasePrice?.currency)),
            ("replacement_value", BulkValue(details.replacementValue?.amount)),
            ("replacement_currency", BulkValue(details.replacementValue?.currency)),
            ("condition", BulkValue(details.condition?.rawValue)), ("warranty_until", BulkValue(warrantyUntil?.description)),
            ("notes", BulkValue(details.notes)), ("container_id", BulkValue(details.containerId)),
            ("disposition", BulkValue(details.disposition?.rawValue)),
            ("useful_life_years", BulkValue(details.depreciation?.usefulLifeYears)),
            ("depreciation_floor", BulkValue(details.depreciation?.floorPercent)),
        ]
    }

    /// Replaces an item's tags.
    static func saveTags(_ tags: [String], itemId: UUID, householdId: UUID, on db: any SQLDatabase) async throws {
        try await db.delete(from: "inventory_item_tags").where("item_id", .equal, itemId).run()
        guard !tags.isEmpty else { return }
        let insert = db.insert(into: "inventory_item_tags").columns("item_id", "household_id", "tag", "tag_key")
        for tag in tags { insert.values(SQLBind(itemId), SQLBind(householdId), SQLBind(tag), SQLBind(tag.lowercased())) }
        try await insert.run()
    }
}
