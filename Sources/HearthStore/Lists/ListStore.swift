import Foundation
import HearthCore
import SQLKit

/// The household's shopping lists. Every query is scoped by the household it is given, so another
/// household's ids simply are not found.
public struct ListStore: Sendable {
    let database: Database
    let clock: any WallClock
    let ids: IDGenerator
    /// Finds a new item's category when neither the person nor the household's history says it.
    let words: ShoppingWords

    public init(database: Database, clock: any WallClock, ids: IDGenerator = .random, words: ShoppingWords = .none) {
        self.database = database
        self.clock = clock
        self.ids = ids
        self.words = words
    }

    var sql: any SQLDatabase { database.sql }

    /// Active lists in order, with their item counts.
    public func lists(householdId: UUID) async throws -> [ListSummary] {
        try await summaries(householdId: householdId, deleted: false)
    }

    /// Lists in Recently deleted, most recently deleted first.
    public func deletedLists(householdId: UUID) async throws -> [ListSummary] {
        try await summaries(householdId: householdId, deleted: true)
    }

    /// One list of the household (also a deleted one when `includingDeleted`).
    public func list(id: UUID, householdId: UUID, includingDeleted: Bool = false) async throws -> ShoppingList? {
        try await Self.list(id: id, householdId: householdId, includingDeleted: includingDeleted, on: sql)
    }

    /// Creates a list. A client may choose the id: sending the same request again returns the list
    /// it created the first time (`created` false) instead of a second one.
    public func createList(id: UUID?, householdId: UUID, name: String, emoji: String?) async throws -> (list: ShoppingList, created: Bool) {
        defer { forgetPages() }
        let name = try ListRules.name(name)
        let emoji = try ListRules.emoji(emoji)
        let id = id ?? ids.next()
        let now = clock.now
        return try await database.transaction { db in
            if let existing = try await Self.existing(table: "shopping_lists", id: id, on: db) {
                guard existing == householdId else { throw ListError.idConflict }
                guard let list = try await Self.list(id: id, householdId: householdId, includingDeleted: true, on: db) else {
                    throw ListError.listNotFound
                }
                return (list, false)
            }
            let position = try await Self.nextPosition(householdId: householdId, on: db)
            let list = ShoppingList(id: id, householdId: householdId, name: name, emoji: emoji, position: position,
                                    createdAt: now, updatedAt: now)
            try await db.insert(into: "shopping_lists")
                .columns("id", "household_id", "name", "emoji", "position", "created_at", "updated_at")
                .values(SQLBind(id), SQLBind(householdId), SQLBind(name), SQLBind(emoji), SQLBind(position), SQLBind(now), SQLBind(now))
                .run()
            return (list, true)
        }
    }

    /// Renames, changes the emoji of, moves an active list, or sets (nil: clears) the store it is
    /// usually shopped at. `position` is the list's new place among the active lists (1 is first;
    /// past the end means last); the others shift.
    public func updateList(id: UUID, householdId: UUID, name: String?, emoji: String??, position: Int?, storeId: UUID?? = nil) async throws -> ShoppingList {
        defer { forgetPages() }
        let name = try name.map(ListRules.name)
        let emoji = try emoji.map(ListRules.emoji)
        let position = try position.map(ListRules.position)
        let now = clock.now
        return try await database.transaction { db in
            guard try await Self.list(id: id, householdId: householdId, includingDeleted: false, on: db) != nil else {
                throw try await Self.missing(id, householdId, on: db)
            }
            let update = db.update("shopping_lists").set("updated_at", to: now)
            if let name { update.set("name", to: name) }
            if let emoji { update.set("emoji", to: SQLBind(emoji)) }
            if let usualStore = storeId {
                if let store = usualStore { try await Self.checkStores([store], householdId: householdId, on: db) }
                update.set("store_id", to: SQLBind(usualStore))
            }
            try await update.where("id", .equal, id).run()
            if let position { try await Self.move(id, to: position, householdId: householdId, on: db) }
            guard let list = try await Self.list(id: id, householdId: householdId, includingDeleted: false, on: db) else {
                throw ListError.listNotFound
            }
            return list
        }
    }

    /// Numbers the household's active lists 1…n with `id` at `position`; only rows whose number
    /// changes are written.
    static func move(_ id: UUID, to position: Int, householdId: UUID, on db: any SQLDatabase) async throws {
        // Sorted after locking: PostgreSQL may return rows another transaction just renumbered in
        // their old order, but with their new positions.
        var order = try await db.select().columns("id", "position", "created_at").from("shopping_lists")
            .where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null).for(.update)
            .all().map { row in
                (id: try row.decode(column: "id", as: UUID.self), position: try row.decode(column: "position", as: Int.self),
                 createdAt: try row.decode(column: "created_at", as: Date.self))
            }
            .sorted { ($0.position, $0.createdAt) < ($1.position, $1.createdAt) }
        guard let from = order.firstIndex(where: { $0.id == id }) else { return }
        order.move(from: from, toPosition: position)
        for (index, entry) in order.enumerated() where entry.position != index + 1 {
            try await db.update("shopping_lists").set("position", to: index + 1).where("id", .equal, entry.id).run()
        }
    }

    /// Moves a list to Recently deleted (items stay with it).
    public func deleteList(id: UUID, householdId: UUID) async throws {
        defer { forgetPages() }
        guard try await list(id: id, householdId: householdId) != nil else { throw try await missing(id, householdId) }
        try await sql.update("shopping_lists").set("deleted_at", to: clock.now)
            .where("id", .equal, id).where("household_id", .equal, householdId).run()
    }

    /// Brings a list back from Recently deleted with all its items, placed after the active lists.
    public func restoreList(id: UUID, householdId: UUID) async throws -> ShoppingList {
        defer { forgetPages() }
        let now = clock.now
        return try await database.transaction { db in
            guard let list = try await Self.list(id: id, householdId: householdId, includingDeleted: true, on: db) else {
                throw ListError.listNotFound
            }
            if list.deletedAt != nil {
                try await db.update("shopping_lists").set("deleted_at", to: SQLLiteral.null).set("updated_at", to: now)
                    .set("position", to: try await Self.nextPosition(householdId: householdId, on: db))
                    .where("id", .equal, id).run()
            }
            return try await Self.list(id: id, householdId: householdId, includingDeleted: false, on: db) ?? list
        }
    }

    /// The position after the household's last active list.
    static func nextPosition(householdId: UUID, on db: any SQLDatabase) async throws -> Int {
        try await db.select().column(SQLRaw("COALESCE(MAX(position), 0) + 1"), as: "next")
            .from("shopping_lists").where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null)
            .first()?.decode(column: "next", as: Int.self) ?? 1
    }

    /// Deletes a list in Recently deleted for good, with its items and what was bought from it.
    public func purgeList(id: UUID, householdId: UUID) async throws {
        defer { forgetPages() }
        try await database.transaction { db in
            guard let list = try await Self.list(id: id, householdId: householdId, includingDeleted: true, on: db), list.deletedAt != nil else {
                throw ListError.listNotFound
            }
            try await Self.purge([id], on: db)
        }
    }

    /// Purges every list that has been in Recently deleted for 30 days. Returns how many.
    @discardableResult
    public func purgeExpired() async throws -> Int {
        defer { forgetPages() }
        let cutoff = clock.now - ShoppingList.retention
        return try await database.transaction { db in
            let expired = try await db.select().column("id").from("shopping_lists").where("deleted_at", .lessThan, cutoff)
                .all().map { try $0.decode(column: "id", as: UUID.self) }
            try await Self.purge(expired, on: db)
            return expired.count
        }
    }

    /// Deletes lists (their items cascade); what was bought from them leaves "most bought".
    static func purge(_ ids: [UUID], on db: any SQLDatabase) async throws {
        for id in ids {
            let bought: SQLQueryString = "(SELECT COUNT(*) FROM list_items i WHERE i.list_id = \(bind: id) AND i.purchased AND i.name_key = list_item_history.name_key)"
            try await db.raw("""
                UPDATE list_item_history
                SET purchased_count = CASE WHEN purchased_count > \(bought) THEN purchased_count - \(bought) ELSE 0 END
                WHERE name_key IN (SELECT name_key FROM list_items WHERE list_id = \(bind: id) AND purchased)
                  AND household_id = (SELECT household_id FROM shopping_lists WHERE id = \(bind: id))
                """).run()
            try await db.delete(from: "shopping_lists").where("id", .equal, id).run()
        }
    }

    /// The error for a list that cannot be changed: deleted, or not there at all.
    func missing(_ id: UUID, _ householdId: UUID) async throws -> ListError {
        try await Self.missing(id, householdId, on: sql)
    }

    static func missing(_ id: UUID, _ householdId: UUID, on db: any SQLDatabase) async throws -> ListError {
        try await list(id: id, householdId: householdId, includingDeleted: true, on: db) == nil ? .listNotFound : .listDeleted
    }

    private func summaries(householdId: UUID, deleted: Bool) async throws -> [ListSummary] {
        let query = sql.select()
            .columns(Self.listColumns.map { SQLColumn(SQLIdentifier($0), table: SQLIdentifier("l")) })
            .column(SQLRaw("COUNT(i.id)"), as: "items")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN i.purchased THEN 1 ELSE 0 END), 0)"), as: "purchased_items")
            .from(SQLAlias(SQLIdentifier("shopping_lists"), as: SQLIdentifier("l")))
            .join(SQLAlias(SQLIdentifier("list_items"), as: SQLIdentifier("i")), method: SQLJoinMethod.left,
                  on: SQLColumn("list_id", table: "i"), .equal, SQLColumn("id", table: "l"))
            .where(SQLColumn("household_id", table: "l"), .equal, SQLBind(householdId))
            .where(SQLColumn("deleted_at", table: "l"), deleted ? .isNot : .is, SQLLiteral.null)
            .groupBy(SQLColumn("id", table: "l"))
        if deleted {
            query.orderBy(SQLColumn("deleted_at", table: "l"), SQLDirection.descending)
        } else {
            query.orderBy(SQLColumn("position", table: "l")).orderBy(SQLColumn("created_at", table: "l"))
        }
        return try await query.all().map { row in
            ListSummary(list: try Self.list(from: row), items: try row.decode(column: "items", as: Int.self),
                        purchased: try row.decode(column: "purchased_items", as: Int.self))
        }
    }

    static let listColumns = ["id", "household_id", "name", "emoji", "position", "created_at", "updated_at", "deleted_at", "store_id"]
    static let listColumnList = listColumns.joined(separator: ", ")

    static func list(id: UUID, householdId: UUID, includingDeleted: Bool, on db: any SQLDatabase) async throws -> ShoppingList? {
        let query = db.select().columns(listColumns).from("shopping_lists")
            .where("id", .equal, id).where("household_id", .equal, householdId)
        if !includingDeleted { query.where("deleted_at", .is, SQLLiteral.null) }
        return try await query.first().map(list(from:))
    }

    /// The household owning row `id` of `table`, if the id is taken.
    static func existing(table: String, id: UUID, on db: any SQLDatabase) async throws -> UUID? {
        try await db.select().column("household_id").from(table).where("id", .equal, id).first()?
            .decode(column: "household_id", as: UUID.self)
    }

    static func list(from row: any SQLRow) throws -> ShoppingList {
        ShoppingList(
            id: try row.decode(column: "id", as: UUID.self), householdId: try row.decode(column: "household_id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self), emoji: try row.decode(column: "emoji", as: String?.self),
            position: try row.decode(column: "position", as: Int.self), createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self), deletedAt: try row.decode(column: "deleted_at", as: Date?.self),
            storeId: try row.decode(column: "store_id", as: UUID?.self)
        )
    }
}
