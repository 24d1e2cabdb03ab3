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
        /// When the client made the change (a check, or an edit of name, quantity and note); an
        /// older time than the stored one of its kind loses.
        public var changedAt: Date?

        public init(name: String? = nil, quantity: Quantity?? = nil, note: String?? = nil, purchased: Bool? = nil, changedAt: Date? = nil) {
            self.name = name
            self.quantity = quantity
            self.note = note
            self.purchased = purchased
            self.changedAt = changedAt
        }
    }

    /// Adds an item. The same request again (same client id) returns the first result; a name that
    /// already stands unchecked on the list gets the quantities added (same unit) instead of a second line.
    public func addItem(id: UUID?, listId: UUID, householdId: UUID, name: String, quantity: Quantity?, note: String?) async throws -> (item: ListItem, created: Bool) {
        defer { forgetPages() }
        let name = try ListRules.name(name)
        let note = try ListRules.note(note)
        let sentId = id
        let id = id ?? ids.next()
        let now = clock.now
        return try await database.transaction { db in
            // One look-up answers whether the list is there and active, who holds the id, and
            // which unchecked line of the same name the new one would join.
            guard let target = try await db.raw("""
                SELECT l.deleted_at AS list_deleted_at, (SELECT household_id FROM list_items WHERE id = \(bind: id)) AS owner,
                    (SELECT household_id FROM list_item_aliases WHERE id = \(bind: id)) AS alias_owner,
                    (SELECT item_id FROM list_item_aliases WHERE id = \(bind: id)) AS added_to,
                    \(unsafeRaw: Self.sameItemColumnList)
                FROM shopping_lists l LEFT JOIN list_items s ON s.id = (
                    SELECT id FROM list_items WHERE list_id = l.id AND name_key = \(bind: ListRules.key(name)) AND purchased = \(bind: false)
                    ORDER BY created_at LIMIT 1)
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
            try await Self.remember(name, householdId: householdId, listId: listId, at: now, on: db)
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
                    changed_at, created_at, updated_at)
                VALUES (\(bind: id), \(bind: listId), \(bind: householdId), \(bind: name), \(bind: ListRules.key(name)),
                    \(bind: quantity?.amountText), \(bind: quantity?.unit), \(bind: note), \(bind: false), \(bind: now), \(bind: now), \(bind: now))
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
        let now = clock.now
        // A device clock ahead of the server's cannot stamp the future and so block everyone else.
        let changedAt = min(change.changedAt ?? now, now)
        let edits = name != nil || note != nil || change.quantity != nil
        var update: SQLQueryString = "UPDATE list_items SET updated_at = \(bind: now)"
        if let name { update += ", name = \(bind: name), name_key = \(bind: ListRules.key(name))" }
        if let note { update += ", note = \(bind: note)" }
        if let quantity = change.quantity {
            update += ", quantity_amount = \(bind: quantity?.amountText), quantity_unit = \(bind: quantity?.unit)"
        }
        if edits { update += ", edited_at = \(bind: changedAt)" }
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
        if edits { update += " AND (edited_at IS NULL OR edited_at <= \(bind: changedAt))" }
        update += " RETURNING \(unsafeRaw: Self.itemColumnList)"
        guard let item = try await sql.raw(update).first().map(Self.item(from:)) else {
            guard let list = try await list(id: listId, householdId: householdId, includingDeleted: true) else { throw ListError.listNotFound }
            if list.deletedAt != nil { throw ListError.listDeleted }
            guard let standing = try await Self.item(id: id, listId: listId, on: sql) else { throw ListError.itemNotFound }
            throw ListError.changedSince(standing.name)
        }
        return item
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

    /// Counts a use of `name` for suggestions. A spelling in lower case does not replace one with
    /// capitals ("milk" typed in a hurry keeps the suggestion "Milk").
    static func remember(_ name: String, householdId: UUID, listId: UUID, at now: Date, on db: any SQLDatabase) async throws {
        // The new spelling is all lower case: one that differs (same key) has capitals.
        let spelling: SQLQueryString = name == name.lowercased()
            ? "CASE WHEN list_item_history.name <> EXCLUDED.name THEN list_item_history.name ELSE EXCLUDED.name END"
            : "EXCLUDED.name"
        try await db.raw("""
            INSERT INTO list_item_history (household_id, name_key, name, added_count, purchased_count, last_used_at, last_list_id)
            VALUES (\(bind: householdId), \(bind: ListRules.key(name)), \(bind: name), 1, 0, \(bind: now), \(bind: listId))
            ON CONFLICT (household_id, name_key) DO UPDATE SET added_count = list_item_history.added_count + 1, name = \(spelling),
                last_used_at = EXCLUDED.last_used_at, last_list_id = EXCLUDED.last_list_id
            """).run()
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
            updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }
}
