import Foundation
import HearthCore
import SQLKit

extension ListStore {
    /// What a client may change on an item; nil leaves a field as it is.
    public struct ItemChange: Sendable {
        public var name: String?
        public var quantity: Quantity??
        public var note: String??
        public var purchased: Bool?
        /// When the client changed `purchased`; an older time than the stored one loses.
        public var changedAt: Date?

        public init(name: String? = nil, quantity: Quantity?? = nil, note: String?? = nil, purchased: Bool? = nil, changedAt: Date? = nil) {
            self.name = name
            self.quantity = quantity
            self.note = note
            self.purchased = purchased
            self.changedAt = changedAt
        }
    }

    /// The items of an active list: to buy (oldest first), then in the basket (most recent first).
    public func items(listId: UUID, householdId: UUID) async throws -> [ListItem] {
        try await listWithItems(id: listId, householdId: householdId).items
    }

    /// An active list with its items, in the order of `items(listId:householdId:)`.
    public func listWithItems(id: UUID, householdId: UUID) async throws -> (list: ShoppingList, items: [ListItem]) {
        guard let list = try await list(id: id, householdId: householdId, includingDeleted: true) else { throw ListError.listNotFound }
        if list.deletedAt != nil { throw ListError.listDeleted }
        let items = try await sql.select().columns(Self.itemColumns).from("list_items").where("list_id", .equal, id)
            .orderBy("purchased").orderBy(SQLRaw("CASE WHEN purchased THEN changed_at END"), SQLDirection.descending)
            .orderBy("created_at").orderBy("id")
            .all().map(Self.item(from:))
        return (list, items)
    }

    /// Adds an item. The same request again (same client id) returns the first result; a name that
    /// already stands unchecked on the list gets the quantities added (same unit) instead of a second line.
    public func addItem(id: UUID?, listId: UUID, householdId: UUID, name: String, quantity: Quantity?, note: String?) async throws -> (item: ListItem, created: Bool) {
        let name = try ListRules.name(name)
        let note = try ListRules.note(note)
        let id = id ?? ids.next()
        let now = clock.now
        return try await database.transaction { db in
            guard try await Self.list(id: listId, householdId: householdId, includingDeleted: false, on: db) != nil else {
                throw try await Self.missing(listId, householdId, on: db)
            }
            if let owner = try await Self.existing(table: "list_items", id: id, on: db) {
                guard owner == householdId, let item = try await Self.item(id: id, listId: listId, on: db) else { throw ListError.idConflict }
                return (item, false)
            }
            try await Self.remember(name, householdId: householdId, listId: listId, at: now, on: db)
            if let same = try await Self.uncheckedItem(named: name, listId: listId, on: db) {
                if let merged = Self.merged(same.quantity, quantity) {
                    try await db.update("list_items").set("quantity_amount", to: SQLBind(merged.map { "\($0.amount)" }))
                        .set("quantity_unit", to: SQLBind(merged?.unit)).set("updated_at", to: now)
                        .where("id", .equal, same.id).run()
                    return (try await Self.item(id: same.id, listId: listId, on: db) ?? same, false)
                }
            }
            try await db.insert(into: "list_items")
                .columns("id", "list_id", "household_id", "name", "name_key", "quantity_amount", "quantity_unit", "note", "purchased",
                         "changed_at", "created_at", "updated_at")
                .values(SQLBind(id), SQLBind(listId), SQLBind(householdId), SQLBind(name), SQLBind(ListRules.key(name)),
                        SQLBind(quantity.map { "\($0.amount)" }), SQLBind(quantity?.unit), SQLBind(note), SQLBind(false),
                        SQLBind(now), SQLBind(now), SQLBind(now))
                .run()
            guard let item = try await Self.item(id: id, listId: listId, on: db) else { throw ListError.itemNotFound }
            return (item, true)
        }
    }

    /// Edits an item, checks or unchecks it. A check carrying an older `changedAt` than the stored
    /// one is ignored, so a late retry cannot undo a newer change. (A new item's `changedAt` is its
    /// creation time until it is first checked.)
    public func updateItem(id: UUID, listId: UUID, householdId: UUID, _ change: ItemChange) async throws -> ListItem {
        let name = try change.name.map(ListRules.name)
        let note = try change.note.map { try ListRules.note($0) }
        let now = clock.now
        return try await database.transaction { db in
            guard try await Self.list(id: listId, householdId: householdId, includingDeleted: false, on: db) != nil else {
                throw try await Self.missing(listId, householdId, on: db)
            }
            guard let item = try await Self.item(id: id, listId: listId, on: db) else { throw ListError.itemNotFound }
            let update = db.update("list_items").set("updated_at", to: now)
            if let name { update.set("name", to: name).set("name_key", to: ListRules.key(name)) }
            if let note { update.set("note", to: SQLBind(note)) }
            if let quantity = change.quantity {
                update.set("quantity_amount", to: SQLBind(quantity.map { "\($0.amount)" })).set("quantity_unit", to: SQLBind(quantity?.unit))
            }
            if let purchased = change.purchased {
                // A device clock ahead of the server's cannot stamp the future and so block everyone
                // else; the first check of a new item wins even from a clock that runs behind.
                let changedAt = min(change.changedAt ?? now, now)
                let neverChecked = item.changedAt == item.createdAt
                if changedAt >= item.changedAt || neverChecked, purchased != item.purchased {
                    update.set("purchased", to: purchased).set("changed_at", to: changedAt)
                    if purchased { try await Self.countPurchase(item.name, householdId: householdId, at: now, on: db) }
                }
            }
            try await update.where("id", .equal, id).run()
            return try await Self.item(id: id, listId: listId, on: db) ?? item
        }
    }

    /// Deletes an item from an active list.
    public func deleteItem(id: UUID, listId: UUID, householdId: UUID) async throws {
        guard try await list(id: listId, householdId: householdId) != nil else { throw try await missing(listId, householdId) }
        guard try await sql.delete(from: "list_items").where("id", .equal, id).where("list_id", .equal, listId).runCounting() > 0 else {
            throw ListError.itemNotFound
        }
    }

    /// Removes every purchased item of an active list. Returns how many.
    @discardableResult
    public func clearPurchased(listId: UUID, householdId: UUID) async throws -> Int {
        guard try await list(id: listId, householdId: householdId) != nil else { throw try await missing(listId, householdId) }
        return try await sql.delete(from: "list_items").where("list_id", .equal, listId).where("purchased", .equal, true).runCounting()
    }

    /// Names the household used before that start with `prefix` (or contain it): those last added
    /// to `listId` first, then the most used and most recent.
    public func suggestions(householdId: UUID, listId: UUID? = nil, matching prefix: String, limit: Int = 8) async throws -> [String] {
        // No name holds a control character, and PostgreSQL refuses a NUL in a parameter.
        if TextRules.containsControl(prefix) { return [] }
        let key = ListRules.key(prefix).replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "")
        return try await sql.select().column("name").from("list_item_history")
            .where("household_id", .equal, householdId).where("name_key", .like, "%\(key)%")
            .orderBy(SQLQueryString("CASE WHEN name_key LIKE \(bind: key + "%") THEN 0 ELSE 1 END"))
            .orderBy(SQLQueryString("CASE WHEN last_list_id = \(bind: listId ?? UUID()) THEN 0 ELSE 1 END"))
            .orderBy(SQLRaw("added_count + purchased_count"), SQLDirection.descending).orderBy("last_used_at", .descending)
            .limit(limit).all().map { try $0.decode(column: "name", as: String.self) }
    }

    /// The quantity of one line for two of the same name: both without one, or added up; nil when
    /// they cannot be (2 l and 1 box, or one without a quantity).
    static func merged(_ listed: Quantity?, _ added: Quantity?) -> Quantity?? {
        switch (listed, added) {
        case (nil, nil): .some(nil)
        case (let old?, let new?): old.adding(new).map { .some($0) }
        default: nil
        }
    }

    static let itemColumns = ["id", "list_id", "name", "quantity_amount", "quantity_unit", "note", "purchased", "changed_at",
                              "created_at", "updated_at"]

    static func item(id: UUID, listId: UUID, on db: any SQLDatabase) async throws -> ListItem? {
        try await db.select().columns(itemColumns).from("list_items").where("id", .equal, id).where("list_id", .equal, listId)
            .first().map(item(from:))
    }

    static func uncheckedItem(named name: String, listId: UUID, on db: any SQLDatabase) async throws -> ListItem? {
        try await db.select().columns(itemColumns).from("list_items")
            .where("list_id", .equal, listId).where("name_key", .equal, ListRules.key(name)).where("purchased", .equal, false)
            .orderBy("created_at").first().map(item(from:))
    }

    /// Counts a use of `name` for suggestions. A spelling in lower case does not replace one with
    /// capitals ("milk" typed in a hurry keeps the suggestion "Milk").
    static func remember(_ name: String, householdId: UUID, listId: UUID, at now: Date, on db: any SQLDatabase) async throws {
        try await db.insert(into: "list_item_history")
            .columns("household_id", "name_key", "name", "added_count", "purchased_count", "last_used_at", "last_list_id")
            .values(SQLBind(householdId), SQLBind(ListRules.key(name)), SQLBind(name), SQLBind(1), SQLBind(0), SQLBind(now), SQLBind(listId))
            .onConflict(with: ["household_id", "name_key"]) {
                $0.set("added_count", to: SQLRaw("list_item_history.added_count + 1"))
                    .set("name", to: SQLRaw(name == name.lowercased()
                        // The new spelling is all lower case: one that differs (same key) has capitals.
                        ? "CASE WHEN list_item_history.name <> EXCLUDED.name THEN list_item_history.name ELSE EXCLUDED.name END"
                        : "EXCLUDED.name"))
                    .set(excludedValueOf: "last_used_at").set(excludedValueOf: "last_list_id")
            }
            .run()
    }

    static func countPurchase(_ name: String, householdId: UUID, at now: Date, on db: any SQLDatabase) async throws {
        try await db.update("list_item_history").set("purchased_count", to: SQLRaw("purchased_count + 1")).set("last_used_at", to: now)
            .where("household_id", .equal, householdId).where("name_key", .equal, ListRules.key(name)).run()
    }

    static func item(from row: any SQLRow) throws -> ListItem {
        let amount = try row.decode(column: "quantity_amount", as: String?.self)
        return ListItem(
            id: try row.decode(column: "id", as: UUID.self), listId: try row.decode(column: "list_id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self),
            quantity: amount.flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
                .map { Quantity(amount: $0, unit: try? row.decode(column: "quantity_unit", as: String?.self)) },
            note: try row.decode(column: "note", as: String?.self), purchased: try row.decode(column: "purchased", as: Bool.self),
            changedAt: try row.decode(column: "changed_at", as: Date.self), createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }
}
