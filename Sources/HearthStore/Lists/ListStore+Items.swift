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
        /// Moves the item to another aisle; the household remembers it for the name.
        public var category: ShoppingCategory?
        /// The stores it is only found at (empty: any); remembered for the name too.
        public var onlyAt: [UUID]?
        /// Its new place among the unchecked items of its category (1 first; past the end: last);
        /// the list keeps that order for the name.
        public var position: Int?
        /// When the client made the change (a check, or an edit); an older time than the stored
        /// one of its kind loses.
        public var changedAt: Date?

        public init(name: String? = nil, quantity: Quantity?? = nil, note: String?? = nil, purchased: Bool? = nil,
                    category: ShoppingCategory? = nil, onlyAt: [UUID]? = nil, position: Int? = nil, changedAt: Date? = nil) {
            self.name = name
            self.quantity = quantity
            self.note = note
            self.purchased = purchased
            self.category = category
            self.onlyAt = onlyAt
            self.position = position
            self.changedAt = changedAt
        }

        /// Whether it edits the item (rather than only checking it or moving it in its aisle).
        var edits: Bool { name != nil || note != nil || quantity != nil || category != nil || onlyAt != nil }
    }

    /// What a new item is: its aisle as the person chose it, else as the household taught it for
    /// the name, else as the dictionary has it; the stores the household marked for the name; its
    /// place in the list's manual order.
    struct Placement {
        var category: ShoppingCategory
        var onlyAt: [UUID]
        var position: Int?
    }

    /// Adds an item. The same request again (same client id) returns the first result; a name that
    /// already stands unchecked on the list gets the quantities added (same unit) instead of a second line.
    public func addItem(id: UUID?, listId: UUID, householdId: UUID, name: String, quantity: Quantity?, note: String?,
                        category: ShoppingCategory? = nil, onlyAt: [UUID]? = nil) async throws -> (item: ListItem, created: Bool) {
        defer { forgetPages() }
        let name = try ListRules.name(name)
        let note = try ListRules.note(note)
        let sentId = id
        let id = id ?? ids.next()
        let now = clock.now
        let key = ListRules.key(name)
        if database.kind == .postgres, onlyAt == nil,
           let item = try await Self.quickAdd(id: id, listId: listId, householdId: householdId, name: name, quantity: quantity, note: note,
                                              category: category, guessed: category ?? words.category(of: name), at: now, on: sql) {
            return (item, true)
        }
        return try await database.transaction { db in
            if let onlyAt { try await Self.checkStores(onlyAt, householdId: householdId, on: db) }
            // One look-up answers whether the list is there and active, who holds the id, which
            // unchecked line of the same name the new one would join, and what the household taught.
            guard let target = try await db.raw("""
                SELECT l.deleted_at AS list_deleted_at, (SELECT household_id FROM list_items WHERE id = \(bind: id)) AS owner,
                    (SELECT household_id FROM list_item_aliases WHERE id = \(bind: id)) AS alias_owner,
                    (SELECT item_id FROM list_item_aliases WHERE id = \(bind: id)) AS added_to,
                    h.category AS taught_category, h.only_at AS taught_only_at, o.position AS ordered_at,
                    \(unsafeRaw: Self.sameItemColumnList)
                FROM shopping_lists l LEFT JOIN list_items s ON s.id = (
                    SELECT id FROM list_items WHERE list_id = l.id AND name_key = \(bind: key) AND purchased = \(bind: false)
                    ORDER BY created_at LIMIT 1)
                LEFT JOIN list_item_history h ON h.household_id = l.household_id AND h.name_key = \(bind: key)
                LEFT JOIN list_item_order o ON o.list_id = l.id AND o.name_key = \(bind: key)
                WHERE l.id = \(bind: listId) AND l.household_id = \(bind: householdId)
                """).first()
            else { throw ListError.listNotFound }
            if try target.decode(column: "list_deleted_at", as: Date?.self) != nil { throw ListError.listDeleted }
            if let owner = try target.decode(column: "owner", as: UUID?.self) ?? target.decode(column: "alias_owner", as: UUID?.self) {
                // Sent before: the line it made, or the line it was added up with.
                let line = try target.decode(column: "added_to", as: UUID?.self) ?? id
                guard owner == householdId, let item = try await Self.item(id: line, listId: listId, on: db) else { throw ListError.idConflict }
                return (item, false)
            }
            let same = try target.decodeNil(column: "id") ? nil : Self.item(from: target)
            // Stores the household marked the name for, unless deleted since (a restore may have replaced them).
            let taughtStores = try StoreIds.read(target.decode(column: "taught_only_at", as: String?.self))
            let stores = if let onlyAt { onlyAt } else { try await Self.existingStores(taughtStores, householdId: householdId, on: db) }
            let placement = Placement(
                category: try category ?? target.decode(column: "taught_category", as: String?.self).flatMap(ShoppingCategory.init(rawValue:))
                    ?? words.category(of: name),
                onlyAt: stores, position: try target.decode(column: "ordered_at", as: Int?.self))
            try await Self.remember(name, householdId: householdId, listId: listId, added: true, quantity: quantity,
                                    category: category, onlyAt: onlyAt, at: now, on: db)
            if let same, let merged = Self.merged(same.quantity, quantity) {
                let item = try await db.raw("""
                    UPDATE list_items SET quantity_amount = \(bind: merged?.amountText), quantity_unit = \(bind: merged?.unit),
                    updated_at = \(bind: now) WHERE id = \(bind: same.id) RETURNING \(unsafeRaw: Self.itemColumnList)
                    """).first().map(Self.item(from:))
                if sentId != nil { // only a client's id can be sent again
                    try await db.insert(into: "list_item_aliases").columns("id", "item_id", "household_id")
                        .values(SQLBind(id), SQLBind(same.id), SQLBind(householdId)).run()
                }
                return (item ?? same, false)
            }
            let item = try await db.raw("""
                INSERT INTO list_items (id, list_id, household_id, name, name_key, quantity_amount, quantity_unit, note, purchased,
                    changed_at, created_at, updated_at, category, position, only_at)
                VALUES (\(bind: id), \(bind: listId), \(bind: householdId), \(bind: name), \(bind: key),
                    \(bind: quantity?.amountText), \(bind: quantity?.unit), \(bind: note), \(bind: false), \(bind: now), \(bind: now), \(bind: now),
                    \(bind: placement.category.rawValue), \(bind: placement.position), \(bind: StoreIds.text(placement.onlyAt)))
                RETURNING \(unsafeRaw: Self.itemColumnList)
                """).first().map(Self.item(from:))
            guard let item else { throw ListError.itemNotFound }
            return (item, true)
        }
    }

    /// Edits an item, checks or unchecks it, in one statement. Each carries the time the client made
    /// it (`changedAt`, at most now). A check older than the stored one is ignored, so a late retry
    /// cannot undo a newer change. (A new item's `changedAt` is its creation time until it is first
    /// checked.) An edit of the name, quantity or note older than the item's last edit is refused
    /// (``ListError/changedSince(_:)``): of two devices editing offline, the later edit stands,
    /// whichever arrives first. A check that lands counts a purchase of the name: a trigger does, in
    /// the same statement (migration 13).
    public func updateItem(id: UUID, listId: UUID, householdId: UUID, _ change: ItemChange) async throws -> ListItem {
        defer { forgetPages() }
        let name = try change.name.map(ListRules.name)
        let note = try change.note.map { try ListRules.note($0) }
        let position = try change.position.map(ListRules.position)
        let now = clock.now
        // A device clock ahead of the server's cannot stamp the future and so block everyone else.
        let changedAt = min(change.changedAt ?? now, now)
        var update: SQLQueryString = "UPDATE list_items SET updated_at = \(bind: now)"
        if let name { update += ", name = \(bind: name), name_key = \(bind: ListRules.key(name))" }
        if let note { update += ", note = \(bind: note)" }
        if let quantity = change.quantity {
            update += ", quantity_amount = \(bind: quantity?.amountText), quantity_unit = \(bind: quantity?.unit)"
        }
        if let category = change.category {
            // In another aisle it starts at that aisle's end, unless it is given a place there.
            update += ", position = CASE WHEN category = \(bind: category.rawValue) THEN position ELSE NULL END, category = \(bind: category.rawValue)"
        }
        if let onlyAt = change.onlyAt { update += ", only_at = \(bind: StoreIds.text(onlyAt))" }
        if change.edits { update += ", edited_at = \(bind: changedAt)" }
        if let purchased = change.purchased {
            // The first check of a new item wins even from a clock that runs behind. The guard
            // reads the row as it was: every SET expression sees the old values.
            let lands: SQLQueryString = "purchased <> \(bind: purchased) AND (changed_at <= \(bind: changedAt) OR changed_at = created_at)"
            update += ", purchased = CASE WHEN \(lands) THEN \(bind: purchased) ELSE purchased END"
            update += ", changed_at = CASE WHEN \(lands) THEN \(bind: changedAt) ELSE changed_at END"
        }
        update += """
             WHERE id = \(bind: id) AND list_id = \(bind: listId) AND household_id = \(bind: householdId)
            AND EXISTS (SELECT 1 FROM shopping_lists WHERE id = \(bind: listId) AND deleted_at IS NULL)
            """
        if change.edits { update += " AND (edited_at IS NULL OR edited_at <= \(bind: changedAt))" }
        update += " RETURNING \(unsafeRaw: Self.itemColumnList)"
        let statement = update
        let sorts = change.category != nil || change.onlyAt != nil || position != nil
        // A check is one statement; a move to another aisle or place also teaches the household and renumbers the aisle.
        let changed: ListItem? = if !sorts { try await sql.prepared(statement).first().map(Self.item(from:)) } else {
            try await database.transaction { db in
                if let onlyAt = change.onlyAt { try await Self.checkStores(onlyAt, householdId: householdId, on: db) }
                // One move in a list's aisles at a time: the list's row first, then the item, then its aisle
                // (two devices moving two items of one aisle would otherwise lock them in opposite orders).
                _ = try await db.select().column("id").from("shopping_lists").where("id", .equal, listId)
                    .where("household_id", .equal, householdId).for(.update).first()
                guard var item = try await db.raw(statement).first().map(Self.item(from:)) else { return nil }
                if change.category != nil || change.onlyAt != nil {
                    try await Self.remember(item.name, householdId: householdId, listId: listId, added: false, quantity: nil,
                                            category: change.category, onlyAt: change.onlyAt, at: now, on: db)
                }
                if let position { item.position = try await Self.place(item, at: position, on: db) }
                return item
            }
        }
        guard let item = changed else {
            guard let list = try await list(id: listId, householdId: householdId, includingDeleted: true) else { throw ListError.listNotFound }
            if list.deletedAt != nil { throw ListError.listDeleted }
            guard let standing = try await Self.item(id: id, listId: listId, on: sql) else { throw ListError.itemNotFound }
            throw ListError.changedSince(standing.name)
        }
        return item
    }

    /// Puts an unchecked item at `position` among the unchecked items of its aisle on its list and
    /// numbers them 1…n; the list keeps each name's number, so a name added again goes back to
    /// its place. Returns the item's number (a checked item keeps the one it has).
    static func place(_ item: ListItem, at position: Int, on db: any SQLDatabase) async throws -> Int? {
        guard !item.purchased else { return item.position }
        var aisle = try await db.select().columns(itemColumns).from("list_items")
            .where("list_id", .equal, item.listId).where("purchased", .equal, false).where("category", .equal, item.category.rawValue)
            .for(.update).all().map(Self.item(from:)).sorted(by: AisleOrder.inAisle)
        guard let from = aisle.firstIndex(where: { $0.id == item.id }) else { return item.position }
        let place = aisle.move(from: from, toPosition: position)
        for (index, member) in aisle.enumerated() {
            if member.position != index + 1 {
                try await db.update("list_items").set("position", to: index + 1).where("id", .equal, member.id).run()
            }
            try await db.raw("""
                INSERT INTO list_item_order (list_id, name_key, position) VALUES (\(bind: item.listId), \(bind: ListRules.key(member.name)), \(bind: index + 1))
                ON CONFLICT (list_id, name_key) DO UPDATE SET position = EXCLUDED.position
                """).run()
        }
        return place
    }

    /// Those of `ids` that are stores of the household still.
    static func existingStores(_ ids: [UUID], householdId: UUID, on db: any SQLDatabase) async throws -> [UUID] {
        guard !ids.isEmpty else { return [] }
        let known = Set(try await db.select().column("id").from("shopping_stores").where("household_id", .equal, householdId)
            .where("id", .in, ids).all().map { try $0.decode(column: "id", as: UUID.self) })
        return ids.filter(known.contains)
    }

    /// Refuses store ids that are not the household's stores.
    static func checkStores(_ ids: [UUID], householdId: UUID, on db: any SQLDatabase) async throws {
        guard try await existingStores(ids, householdId: householdId, on: db).count == ids.count else { throw ListError.storeNotFound }
    }

    /// Deletes an item from an active list.
    public func deleteItem(id: UUID, listId: UUID, householdId: UUID) async throws {
        defer { forgetPages() }
        guard try await list(id: listId, householdId: householdId) != nil else { throw try await missing(listId, householdId) }
        guard try await sql.delete(from: "list_items").where("id", .equal, id).where("list_id", .equal, listId).runCounting() > 0 else {
            throw ListError.itemNotFound
        }
    }

    /// Removes every purchased item of an active list. Returns how many.
    @discardableResult
    public func clearPurchased(listId: UUID, householdId: UUID) async throws -> Int {
        defer { forgetPages() }
        guard try await list(id: listId, householdId: householdId) != nil else { throw try await missing(listId, householdId) }
        return try await sql.delete(from: "list_items").where("list_id", .equal, listId).where("purchased", .equal, true).runCounting()
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
                              "created_at", "updated_at", "category", "position", "only_at"]
    static let itemColumnList = itemColumns.joined(separator: ", ")
    /// The columns of the unchecked line an added name joins, `s` in `addItem`'s look-up.
    static let sameItemColumnList = itemColumns.map { "s." + $0 }.joined(separator: ", ")

    static func item(id: UUID, listId: UUID, on db: any SQLDatabase) async throws -> ListItem? {
        try await db.select().columns(itemColumns).from("list_items").where("id", .equal, id).where("list_id", .equal, listId)
            .first().map(item(from:))
    }

    static func uncheckedItem(named name: String, listId: UUID, on db: any SQLDatabase) async throws -> ListItem? {
        try await db.raw("""
            SELECT \(unsafeRaw: itemColumnList) FROM list_items
            WHERE list_id = \(bind: listId) AND name_key = \(bind: ListRules.key(name)) AND purchased = \(bind: false)
            ORDER BY created_at LIMIT 1
            """).first().map(item(from:))
    }

    /// An item from a row of ``itemColumns``. The quantity's amount is kept as the text it was
    /// stored as (always with a decimal point, whatever the server's locale).
    static func item(from row: any SQLRow) throws -> ListItem {
        ListItem(
            id: try row.decode(column: "id", as: UUID.self), listId: try row.decode(column: "list_id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self),
            quantity: try row.decode(column: "quantity_amount", as: String?.self)
                .flatMap { Quantity(amountText: $0, unit: try row.decode(column: "quantity_unit", as: String?.self)) },
            note: try row.decode(column: "note", as: String?.self), purchased: try row.decode(column: "purchased", as: Bool.self),
            changedAt: try row.decode(column: "changed_at", as: Date.self), createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self),
            // Items of earlier releases are given theirs when the server starts (`categoriseUncategorised`).
            category: try row.decode(column: "category", as: String?.self).flatMap(ShoppingCategory.init(rawValue:)) ?? .other,
            position: try row.decode(column: "position", as: Int?.self),
            onlyAt: StoreIds.read(try row.decode(column: "only_at", as: String?.self))
        )
    }
}
