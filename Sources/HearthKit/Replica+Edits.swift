import Foundation
import GRDB
import HearthAPI
import HearthCore

/// The device's own changes: each shows at once (laid over the server's entity) and waits in the
/// outbox as the mutation the server's push takes (the REST body of the same change). An edit
/// carries the time it was made, so that of two devices the later edit stands.
extension Replica {
    /// A new list; answers its id.
    @discardableResult
    public func createList(named name: String, id: UUID = UUID()) throws -> String {
        let now = Date()
        try record(.list, id: id.text, op: .upsert, body: ["name": name]) { _ in
            ["id": id.text, "name": name, "position": Int.max, "itemCount": 0, "purchasedCount": 0,
             "createdAt": Self.time(now), "updatedAt": Self.time(now)]
        }
        return id.text
    }

    public func renameList(_ id: String, to name: String) throws {
        try record(.list, id: id, op: .upsert, body: ["name": name]) { shown in shown.map { $0.merging(["name": name]) { $1 } } }
    }

    public func deleteList(_ id: String) throws {
        try record(.list, id: id, op: .delete, body: nil) { _ in nil }
    }

    /// A new item on a list; answers its id.
    @discardableResult
    public func addItem(named name: String, quantity: String? = nil, toList listId: String, id: UUID = UUID()) throws -> String {
        let now = Self.time(Date())
        var body: [String: Any] = ["listId": listId, "name": name]
        body["quantity"] = quantity
        try record(.listItem, id: id.text, op: .upsert, body: body) { _ in
            var item: [String: Any] = ["id": id.text, "listId": listId, "name": name, "purchased": false, "category": "other",
                                                "changedAt": now, "createdAt": now]
            item["quantity"] = quantity
            return item
        }
        return id.text
    }

    /// Checks or unchecks an item.
    public func setPurchased(_ purchased: Bool, item id: String) throws {
        try editItem(id, ["purchased": purchased])
    }

    public func renameItem(_ id: String, to name: String) throws {
        try editItem(id, ["name": name])
    }

    public func deleteItem(_ id: String) throws {
        try record(.listItem, id: id, op: .delete, body: nil) { _ in nil }
    }

    /// A new inventory item; answers its id.
    @discardableResult
    public func createInventoryItem(named name: String, quantity: Int = 1, id: UUID = UUID()) throws -> String {
        let now = Self.time(Date())
        try record(.inventoryItem, id: id.text, op: .upsert, body: ["name": name, "quantity": quantity]) { _ in
            ["id": id.text, "name": name, "quantity": quantity, "tags": [String](), "photoCount": 0, "receiptCount": 0,
             "documentationScore": 0, "isDocumented": false, "missing": [String](), "createdAt": now, "updatedAt": now]
        }
        return id.text
    }

    /// Changes fields of an inventory item (as the API's InventoryItemChange names them: `name`,
    /// `brand`, `quantity`, `notes`…).
    public func updateInventoryItem(_ id: String, _ fields: [String: any Sendable]) throws {
        var body: [String: Any] = fields
        body["changedAt"] = Self.time(Date())
        try record(.inventoryItem, id: id, op: .upsert, body: body) { shown in shown.map { $0.merging(fields) { $1 } } }
    }

    public func deleteInventoryItem(_ id: String) throws {
        try record(.inventoryItem, id: id, op: .delete, body: nil) { _ in nil }
    }

    private func editItem(_ id: String, _ fields: [String: Any]) throws {
        let now = Self.time(Date())
        try record(.listItem, id: id, op: .upsert, body: fields.merging(["changedAt": now]) { $1 }) { shown in
            shown.map { $0.merging(fields.merging(["changedAt": now]) { $1 }) { $1 } }
        }
    }

    /// Shows the change (`shown` makes the entity's new JSON from what is shown now; nil: gone) and
    /// puts its mutation in the outbox, together.
    private func record(_ kind: SyncEntity, id: String, op: Components.Schemas.SyncOperation, body: [String: Any]?,
                        shown: ([String: Any]?) throws -> [String: Any]?) throws {
        try database.write { db in
            let current = try Self.data(kind, id: id, in: db).flatMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            let next = try shown(current).map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
            try db.execute(sql: "INSERT OR REPLACE INTO local_entities (entity, id, data) VALUES (?, ?, ?)", arguments: [kind.rawValue, id, next])
            try db.execute(sql: "INSERT INTO outbox (mutation_id, entity, op, id, data) VALUES (?, ?, ?, ?, ?)", arguments: [
                UUID().text, kind.rawValue, op.rawValue, id, try body.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) },
            ])
        }
    }

    static func time(_ date: Date) -> String {
        RFC3339.string(from: date)
    }
}
