import Foundation
import HearthCore
import SQLKit

/// Documents on items: listed, added (a client may choose the id, so an upload sent again adds
/// nothing more), renamed or given another kind, deleted. A receipt kept as a document counts as
/// one of the item's receipts (``recountReceipts(forItems:at:on:)``).
extension InventoryStore {
    /// The documents of an item (also of one in Recently deleted), oldest first.
    public func documents(itemId: UUID, householdId: UUID) async throws -> [ItemDocument] {
        try await sql.select().columns(Self.documentColumns).from("inventory_documents")
            .where("item_id", .equal, itemId).where("household_id", .equal, householdId)
            .orderBy("created_at").orderBy("id").all().map(Self.document(from:))
    }

    /// One document of one of the household's items.
    public func document(id: UUID, itemId: UUID, householdId: UUID) async throws -> ItemDocument? {
        try await sql.select().columns(Self.documentColumns).from("inventory_documents")
            .where("id", .equal, id).where("item_id", .equal, itemId).where("household_id", .equal, householdId)
            .first().map(Self.document(from:))
    }

    /// Adds a stored file as a document of the item. With an `id` a document already has on this
    /// item, nothing is added and that document is answered (`created` false); an id used by
    /// anything else is a conflict. `place` puts the file in place under the media lock.
    public func addDocument(_ file: StoredFile, kind: ItemDocument.Kind, title: String?, fileName: String?, pageCount: Int,
                            itemId: UUID, householdId: UUID, id: UUID? = nil,
                            place: @escaping FilePlacer) async throws -> (document: ItemDocument, created: Bool) {
        let now = clock.now, databaseKind = self.kind
        let name = DocumentRules.fileName(fileName, contentType: file.contentType)
        let document = ItemDocument(id: id ?? ids.next(), itemId: itemId, kind: kind, title: try DocumentRules.title(title, fileName: name),
                                    fileName: name, file: file, pageCount: max(1, pageCount), createdAt: now, updatedAt: now)
        return try await database.transaction { db in
            guard try await Self.item(id: itemId, householdId: householdId, includingDeleted: false, on: db, locking: true) != nil else {
                throw try await Self.missing(itemId, householdId, on: db)
            }
            if let row = try await db.select().columns(Self.documentColumns + ["household_id"]).from("inventory_documents")
                .where("id", .equal, document.id).first() {
                let earlier = try Self.document(from: row)
                guard earlier.itemId == itemId, try row.decode(column: "household_id", as: UUID.self) == householdId else {
                    throw InventoryError.idConflict
                }
                return (earlier, false)
            }
            let count = try await db.select().column(SQLRaw("COUNT(*)"), as: "documents").from("inventory_documents")
                .where("item_id", .equal, itemId).first()?.decode(column: "documents", as: Int.self) ?? 0
            guard count < DocumentRules.maximumPerItem else { throw InventoryError.tooManyDocuments }
            try await Self.place([file.sha256], with: place, on: db, kind: databaseKind)
            try await Self.insert(document, householdId: householdId, on: db)
            try await Self.recountReceipts(forItems: [itemId], at: now, on: db)
            return (document, true)
        }
    }

    /// Changes a document's kind or title (nil leaves each as it is; a blank title takes the file's name).
    public func updateDocument(id: UUID, itemId: UUID, householdId: UUID, kind: ItemDocument.Kind?, title: String?) async throws -> ItemDocument {
        let now = clock.now
        return try await database.transaction { db in
            guard try await Self.item(id: itemId, householdId: householdId, includingDeleted: false, on: db, locking: true) != nil else {
                throw try await Self.missing(itemId, householdId, on: db)
            }
            guard var document = try await db.select().columns(Self.documentColumns).from("inventory_documents").where("id", .equal, id)
                .where("item_id", .equal, itemId).first().map(Self.document(from:))
            else { throw InventoryError.documentNotFound }
            if let kind { document.kind = kind }
            if let title { document.title = try DocumentRules.title(title, fileName: document.fileName) }
            document.updatedAt = now
            try await db.update("inventory_documents").set("kind", to: document.kind.rawValue).set("title", to: document.title)
                .set("updated_at", to: now).where("id", .equal, id).run()
            try await Self.recountReceipts(forItems: [itemId], at: now, on: db)
            return document
        }
    }

    /// Deletes a document; returns its file, which the caller removes when nothing else names it.
    public func deleteDocument(id: UUID, itemId: UUID, householdId: UUID) async throws -> String {
        let now = clock.now
        return try await database.transaction { db in
            guard try await Self.item(id: itemId, householdId: householdId, includingDeleted: false, on: db, locking: true) != nil else {
                throw try await Self.missing(itemId, householdId, on: db)
            }
            guard let sha256 = try await db.delete(from: "inventory_documents").where("id", .equal, id).where("item_id", .equal, itemId)
                .returning("sha256").first()?.decode(column: "sha256", as: String.self)
            else { throw InventoryError.documentNotFound }
            try await Self.recountReceipts(forItems: [itemId], at: now, on: db)
            return sha256
        }
    }

    /// The documents of the items of `itemIds`, by item, oldest first (claims, backups).
    static func documents(ofItems itemIds: [UUID], on db: any SQLDatabase) async throws -> [UUID: [ItemDocument]] {
        var documents: [UUID: [ItemDocument]] = [:]
        for chunk in itemIds.chunks(of: 1000) {
            for row in try await db.select().columns(documentColumns).from("inventory_documents").where("item_id", .in, chunk)
                .orderBy("created_at").orderBy("id").all() {
                let document = try document(from: row)
                documents[document.itemId, default: []].append(document)
            }
        }
        return documents
    }

    static func insert(_ document: ItemDocument, householdId: UUID, on db: any SQLDatabase) async throws {
        try await db.insert(into: "inventory_documents")
            .columns("id", "household_id", "item_id", "kind", "title", "file_name", "sha256", "content_type", "byte_size", "width", "height",
                     "page_count", "created_at", "updated_at")
            .values(SQLBind(document.id), SQLBind(householdId), SQLBind(document.itemId), SQLBind(document.kind.rawValue), SQLBind(document.title),
                    SQLBind(document.fileName), SQLBind(document.file.sha256), SQLBind(document.file.contentType), SQLBind(document.file.byteSize),
                    SQLBind(document.file.width), SQLBind(document.file.height), SQLBind(document.pageCount), SQLBind(document.createdAt),
                    SQLBind(document.updatedAt))
            .run()
    }

    static let documentColumns = ["id", "item_id", "kind", "title", "file_name", "sha256", "content_type", "byte_size", "width", "height",
                                  "page_count", "created_at", "updated_at"]

    static func document(from row: any SQLRow) throws -> ItemDocument {
        let kind = try row.decode(column: "kind", as: String.self)
        return ItemDocument(
            id: try row.decode(column: "id", as: UUID.self), itemId: try row.decode(column: "item_id", as: UUID.self),
            kind: ItemDocument.Kind(rawValue: kind) ?? .other, title: try row.decode(column: "title", as: String.self),
            fileName: try row.decode(column: "file_name", as: String.self),
            file: StoredFile(sha256: try row.decode(column: "sha256", as: String.self), contentType: try row.decode(column: "content_type", as: String.self),
                             byteSize: try row.decode(column: "byte_size", as: Int.self), width: try row.decode(column: "width", as: Int.self),
                             height: try row.decode(column: "height", as: Int.self)),
            pageCount: try row.decode(column: "page_count", as: Int.self),
            createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }
}
