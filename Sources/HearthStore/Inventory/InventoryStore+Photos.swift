import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// The photos of an item, the primary one first.
    public func photos(itemId: UUID, householdId: UUID) async throws -> [ItemPhoto] {
        try await sql.select().columns(Self.photoColumns).from("inventory_photos")
            .where("item_id", .equal, itemId).where("household_id", .equal, householdId)
            .orderBy("position").orderBy("created_at").all().map(Self.photo(from:))
    }

    /// Every photo of the household's items, by item, each item's primary photo first (for reports).
    public func photosByItem(householdId: UUID) async throws -> [UUID: [ItemPhoto]] {
        let photos = try await sql.select().columns(Self.photoColumns).from("inventory_photos").where("household_id", .equal, householdId)
            .orderBy("item_id").orderBy("position").orderBy("created_at").all().map(Self.photo(from:))
        return Dictionary(grouping: photos, by: \.itemId)
    }

    /// One photo of one of the household's items (also of an item in Recently deleted).
    public func photo(id: UUID, itemId: UUID, householdId: UUID) async throws -> ItemPhoto? {
        try await sql.select().columns(Self.photoColumns).from("inventory_photos")
            .where("id", .equal, id).where("item_id", .equal, itemId).where("household_id", .equal, householdId)
            .first().map(Self.photo(from:))
    }

    /// Which of `ids` are photos of this item already; an id used by anything else is a conflict.
    private static func photosAddedBefore(_ ids: [UUID], itemId: UUID, householdId: UUID, on db: any SQLDatabase) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        var added: Set<UUID> = []
        for row in try await db.select().columns("id", "item_id", "household_id").from("inventory_photos")
            .where("id", .in, ids).all() {
            guard try row.decode(column: "item_id", as: UUID.self) == itemId, try row.decode(column: "household_id", as: UUID.self) == householdId
            else { throw InventoryError.idConflict }
            added.insert(try row.decode(column: "id", as: UUID.self))
        }
        return added
    }

    /// Adds stored files as photos after the item's others, in one transaction. With `ids` (the
    /// client's, one per file), a photo already added under its id is not added again: an upload
    /// sent again after its answer was lost changes nothing more. `place` puts the files in place
    /// under the media lock. Answers the photos it added.
    public func addPhotos(_ files: [StoredFile], itemId: UUID, householdId: UUID, ids: [UUID]? = nil, place: @escaping FilePlacer) async throws -> [ItemPhoto] {
        let now = clock.now, kind = self.kind
        let newIds = ids ?? files.map { _ in self.ids.next() }
        return try await database.transaction { db in
            guard try await Self.item(id: itemId, householdId: householdId, includingDeleted: false, on: db, locking: true) != nil else {
                throw try await Self.missing(itemId, householdId, on: db)
            }
            let added = try await Self.photosAddedBefore(newIds, itemId: itemId, householdId: householdId, on: db)
            let fresh = zip(newIds, files).filter { !added.contains($0.0) }
            let existing = try await db.select().column(SQLRaw("COUNT(*)"), as: "photos").column(SQLRaw("COALESCE(MAX(position), 0)"), as: "last")
                .from("inventory_photos").where("item_id", .equal, itemId).first()
            let count = try existing?.decode(column: "photos", as: Int.self) ?? 0
            let last = try existing?.decode(column: "last", as: Int.self) ?? 0
            guard count + fresh.count <= InventoryRules.maximumPhotos else { throw InventoryError.tooManyPhotos }
            try await Self.place(fresh.map(\.1.sha256), with: place, on: db, kind: kind)
            var photos: [ItemPhoto] = []
            for (index, (id, file)) in fresh.enumerated() {
                let photo = ItemPhoto(id: id, itemId: itemId, sha256: file.sha256, contentType: file.contentType, width: file.width,
                                      height: file.height, byteSize: file.byteSize, position: last + index + 1, createdAt: now)
                try await db.insert(into: "inventory_photos")
                    .columns("id", "item_id", "household_id", "sha256", "content_type", "width", "height", "byte_size", "position", "created_at")
                    .values(SQLBind(photo.id), SQLBind(itemId), SQLBind(householdId), SQLBind(photo.sha256), SQLBind(photo.contentType),
                            SQLBind(photo.width), SQLBind(photo.height), SQLBind(photo.byteSize), SQLBind(photo.position), SQLBind(now))
                    .run()
                photos.append(photo)
            }
            try await Self.recountPhotos(itemId: itemId, at: now, on: db)
            // Each photo added stands in for one the item came without.
            try await db.raw("""
                UPDATE inventory_items SET missing_photos = CASE WHEN missing_photos > \(bind: fresh.count) THEN missing_photos - \(bind: fresh.count) ELSE 0 END
                WHERE id = \(bind: itemId) AND missing_photos > 0
                """).run()
            return photos
        }
    }

    /// Moves a photo to `position` among the item's photos (1 makes it the primary photo).
    public func movePhoto(id: UUID, itemId: UUID, householdId: UUID, to position: Int) async throws -> [ItemPhoto] {
        guard (1...InventoryRules.maximumPosition).contains(position) else { throw InventoryError.invalidPosition }
        let now = clock.now
        try await database.transaction { db in
            guard try await Self.item(id: itemId, householdId: householdId, includingDeleted: false, on: db, locking: true) != nil else {
                throw try await Self.missing(itemId, householdId, on: db)
            }
            var order = try await db.select().columns("id", "position").from("inventory_photos").where("item_id", .equal, itemId)
                .orderBy("position").orderBy("created_at").all().map { try $0.decode(column: "id", as: UUID.self) }
            guard let from = order.firstIndex(of: id) else { throw InventoryError.photoNotFound }
            order.remove(at: from)
            order.insert(id, at: min(position, order.count + 1) - 1)
            for (index, photoId) in order.enumerated() {
                try await db.update("inventory_photos").set("position", to: index + 1).where("id", .equal, photoId).run()
            }
            try await Self.recountPhotos(itemId: itemId, at: now, on: db)
        }
        return try await photos(itemId: itemId, householdId: householdId)
    }

    /// Deletes a photo; returns its file, which the caller removes when nothing else refers to it.
    public func deletePhoto(id: UUID, itemId: UUID, householdId: UUID) async throws -> String {
        let now = clock.now
        return try await database.transaction { db in
            guard try await Self.item(id: itemId, householdId: householdId, includingDeleted: false, on: db, locking: true) != nil else {
                throw try await Self.missing(itemId, householdId, on: db)
            }
            guard let sha256 = try await db.delete(from: "inventory_photos").where("id", .equal, id).where("item_id", .equal, itemId)
                .returning("sha256").first()?.decode(column: "sha256", as: String.self)
            else { throw InventoryError.photoNotFound }
            try await Self.recountPhotos(itemId: itemId, at: now, on: db)
            return sha256
        }
    }

    /// Keeps an item's photo count and primary photo in step with its photos.
    static func recountPhotos(itemId: UUID, at now: Date, on db: any SQLDatabase) async throws {
        try await db.raw("""
            UPDATE inventory_items SET
                photo_count = (SELECT COUNT(*) FROM inventory_photos WHERE item_id = \(bind: itemId)),
                primary_photo_id = (SELECT id FROM inventory_photos WHERE item_id = \(bind: itemId) ORDER BY position, created_at LIMIT 1),
                updated_at = \(bind: now)
            WHERE id = \(bind: itemId)
            """).run()
    }

    static let photoColumns = ["id", "item_id", "sha256", "content_type", "width", "height", "byte_size", "position", "created_at"]

    static func photo(from row: any SQLRow) throws -> ItemPhoto {
        ItemPhoto(
            id: try row.decode(column: "id", as: UUID.self), itemId: try row.decode(column: "item_id", as: UUID.self),
            sha256: try row.decode(column: "sha256", as: String.self), contentType: try row.decode(column: "content_type", as: String.self),
            width: try row.decode(column: "width", as: Int.self), height: try row.decode(column: "height", as: Int.self),
            byteSize: try row.decode(column: "byte_size", as: Int.self), position: try row.decode(column: "position", as: Int.self),
            createdAt: try row.decode(column: "created_at", as: Date.self)
        )
    }
}
