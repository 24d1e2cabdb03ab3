import Foundation
import HearthCore
import SQLKit

extension ListStore {
    /// An item as it was before it was deleted or cleared, to put it back (an undo).
    public struct RestoredItem: Sendable {
        public var id: UUID
        public var name: String
        public var quantity: Quantity?
        public var note: String?
        public var purchased: Bool
        public var changedAt: Date?
        public var createdAt: Date
        /// Its aisle, place and stores as it had them; without a category it gets one as an added item does.
        public var category: ShoppingCategory?
        public var position: Int?
        public var onlyAt: [UUID]

        public init(id: UUID, name: String, quantity: Quantity?, note: String?, purchased: Bool, changedAt: Date?, createdAt: Date,
                    category: ShoppingCategory? = nil, position: Int? = nil, onlyAt: [UUID] = []) {
            self.id = id
            self.name = name
            self.quantity = quantity
            self.note = note
            self.purchased = purchased
            self.changedAt = changedAt
            self.createdAt = createdAt
            self.category = category
            self.position = position
            self.onlyAt = onlyAt
        }
    }

    /// Puts back items that were deleted or cleared: each under its own id, with its check mark
    /// and times, so it returns to its place in the list. Restoring is not a new use of the name:
    /// suggestions and "most bought" do not count it again. An item that is there already (a
    /// retry) stays as it is; an unchecked one whose name was added again meanwhile is added up
    /// with that line. Times from a clock ahead of the server's are taken as now.
    public func restoreItems(_ restored: [RestoredItem], listId: UUID, householdId: UUID) async throws -> [ListItem] {
        defer { forgetPages() }
        let checked = try restored.map { item in (item, try ListRules.name(item.name), try ListRules.note(item.note)) }
        let now = clock.now
        return try await database.transaction { db in
            guard try await Self.list(id: listId, householdId: householdId, includingDeleted: false, on: db) != nil else {
                throw try await Self.missing(listId, householdId, on: db)
            }
            let stores = Set(try await Self.stores(householdId: householdId, on: db).map(\.id))
            var restored: [UUID] = []
            for (item, name, note) in checked {
                if let owner = try await Self.existing(table: "list_items", id: item.id, on: db) {
                    guard owner == householdId, try await Self.item(id: item.id, listId: listId, on: db) != nil else {
                        throw ListError.idConflict
                    }
                    restored.append(item.id)
                    continue
                }
                // Added again meanwhile ("Milk" deleted, "Milk 2 l" added, then Undo): one line, as adding does.
                if !item.purchased, let same = try await Self.uncheckedItem(named: name, listId: listId, on: db),
                   let merged = Self.merged(same.quantity, item.quantity) {
                    try await db.update("list_items").set("quantity_amount", to: SQLBind(merged?.amountText))
                        .set("quantity_unit", to: SQLBind(merged?.unit)).set("updated_at", to: now).where("id", .equal, same.id).run()
                    restored.append(same.id)
                    continue
                }
                let createdAt = min(item.createdAt, now)
                let changedAt = max(createdAt, min(item.changedAt ?? createdAt, now))
                try await db.insert(into: "list_items")
                    .columns("id", "list_id", "household_id", "name", "name_key", "quantity_amount", "quantity_unit", "note", "purchased",
                             "changed_at", "created_at", "updated_at", "category", "position", "only_at")
                    .values(SQLBind(item.id), SQLBind(listId), SQLBind(householdId), SQLBind(name), SQLBind(ListRules.key(name)),
                            SQLBind(item.quantity?.amountText), SQLBind(item.quantity?.unit), SQLBind(note),
                            SQLBind(item.purchased), SQLBind(changedAt), SQLBind(createdAt), SQLBind(now), SQLBind(item.category?.rawValue),
                            SQLBind(item.position), SQLBind(StoreIds.text(item.onlyAt.filter(stores.contains))))
                    .run()
                restored.append(item.id)
            }
            try await categorise(householdId: householdId, listId: listId, on: db) // those that came without their aisle
            var items: [ListItem] = []
            for id in restored {
                guard let item = try await Self.item(id: id, listId: listId, on: db) else { throw ListError.itemNotFound }
                items.append(item)
            }
            return items
        }
    }
}

extension ListStore {
    /// Gives every item without an aisle its own: the one the household taught for the name, else
    /// the dictionary's. Items of earlier releases have none until the server starts, those of
    /// their backups until the restore that brought them ends (`householdId`: that household's
    /// only). Returns how many.
    @discardableResult
    public func categoriseUncategorised(householdId: UUID? = nil) async throws -> Int {
        defer { forgetPages() }
        return try await database.transaction { db in try await categorise(householdId: householdId, on: db) }
    }

    /// The same within a transaction, for one household (and one list) when given: an update per
    /// aisle and 500 items, not per item.
    @discardableResult
    func categorise(householdId: UUID?, listId: UUID? = nil, on db: any SQLDatabase) async throws -> Int {
        var query: SQLQueryString = """
            SELECT i.id, i.name, h.category AS taught FROM list_items i
            LEFT JOIN list_item_history h ON h.household_id = i.household_id AND h.name_key = i.name_key
            WHERE i.category IS NULL
            """
        if let householdId { query += " AND i.household_id = \(bind: householdId)" }
        if let listId { query += " AND i.list_id = \(bind: listId)" }
        var aisles: [ShoppingCategory: [UUID]] = [:]
        let rows = try await db.raw(query).all()
        for row in rows {
            let name = try row.decode(column: "name", as: String.self)
            let category = try row.decode(column: "taught", as: String?.self).flatMap(ShoppingCategory.init(rawValue:)) ?? words.category(of: name)
            aisles[category, default: []].append(try row.decode(column: "id", as: UUID.self))
        }
        for (category, ids) in aisles {
            for chunk in ids.chunks(of: 500) {
                try await db.update("list_items").set("category", to: category.rawValue).where("id", .in, chunk).run()
            }
        }
        return rows.count
    }
}
