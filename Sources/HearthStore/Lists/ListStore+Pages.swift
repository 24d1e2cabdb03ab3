import Foundation
import HearthCore
import SQLKit

extension ListStore {
    /// The most items one page holds; `GET /api/v1/lists/{id}` answers this many unless asked for fewer.
    public static let pageLimit = 1000

    /// A list with its item counts and one page of its items.
    public struct ItemPage: Sendable {
        /// The list, with the counts of all its items (not only this page's).
        public var summary: ListSummary
        public var items: [ListItem]
        /// Where the next page starts; nil on the last page.
        public var next: ListItemCursor?
    }

    /// Up to `limit` items of an active list after `cursor` (from the start when nil), in the order
    /// of `items(listId:householdId:)`; with `store`, those only found at other stores are left
    /// out. Each page is read from an index in that order, so reading a long list page by page
    /// costs what reading it at once does.
    public func page(listId: UUID, householdId: UUID, after cursor: ListItemCursor? = nil, limit: Int = Self.pageLimit,
                     store: UUID? = nil) async throws -> ItemPage {
        guard let summary = try await summary(id: listId, householdId: householdId) else { throw ListError.listNotFound }
        if summary.list.deletedAt != nil { throw ListError.listDeleted }
        var items = try await Self.items(listId: listId, after: cursor, limit: limit + 1, store: store, on: sql)
        let more = items.count > limit
        if more { items.removeLast() }
        return ItemPage(summary: summary, items: items, next: more ? items.last.map(ListItemCursor.init(after:)) : nil)
    }

    /// The items of an active list: to buy (oldest first), then in the basket (most recent first).
    public func items(listId: UUID, householdId: UUID) async throws -> [ListItem] {
        try await listWithItems(id: listId, householdId: householdId).items
    }

    /// An active list with all its items, in the order of `items(listId:householdId:)`.
    public func listWithItems(id: UUID, householdId: UUID) async throws -> (list: ShoppingList, items: [ListItem]) {
        guard let list = try await list(id: id, householdId: householdId, includingDeleted: true) else { throw ListError.listNotFound }
        if list.deletedAt != nil { throw ListError.listDeleted }
        return (list, try await Self.items(listId: id, after: nil, limit: nil, store: nil, on: sql))
    }

    /// A list of the household (also a deleted one) with the counts of its items.
    public func summary(id: UUID, householdId: UUID) async throws -> ListSummary? {
        try await sql.prepared("""
            SELECT \(unsafeRaw: Self.listColumnList),
                (SELECT COUNT(*) FROM list_items i WHERE i.list_id = shopping_lists.id) AS items,
                (SELECT COUNT(*) FROM list_items i WHERE i.list_id = shopping_lists.id AND i.purchased = \(bind: true)) AS purchased_items
            FROM shopping_lists WHERE id = \(bind: id) AND household_id = \(bind: householdId)
            """)
            .first().map { row in
                ListSummary(list: try Self.list(from: row), items: try row.decode(column: "items", as: Int.self),
                            purchased: try row.decode(column: "purchased_items", as: Int.self))
            }
    }

    /// Items in the list's order after `cursor`: those to buy, then those in the basket, each part
    /// read in the order of its index (migration 13). Written as SQL text rather than built, as
    /// every list read runs them.
    static func items(listId: UUID, after cursor: ListItemCursor?, limit: Int?, store: UUID?, on db: any SQLDatabase) async throws -> [ListItem] {
        var items: [ListItem] = []
        // Limits are bound, not written in: the SQL stays the same, so its prepared statement is reused.
        let limitClause: SQLQueryString = limit.map { " LIMIT \(bind: $0)" } ?? ""
        // A store's id is in `only_at` as written, and no id holds another.
        let found: SQLQueryString = store.map { " AND (only_at IS NULL OR only_at LIKE \(bind: "%\($0.uuidString)%"))" } ?? ""
        if cursor?.purchased != true {
            var toBuy: SQLQueryString = "SELECT \(unsafeRaw: itemColumnList) FROM list_items WHERE list_id = \(bind: listId) AND purchased = \(bind: false)" + found
            if let cursor {
                toBuy += " AND (created_at > \(SQLTimestamp(cursor.createdAt)) OR (created_at = \(SQLTimestamp(cursor.createdAt)) AND id > \(bind: cursor.id)))"
            }
            items = try await fetch(toBuy + " ORDER BY created_at, id" + limitClause, preparing: cursor == nil, on: db).map(item(from:))
        }
        guard items.count < limit ?? .max else { return items }
        var inBasket: SQLQueryString = "SELECT \(unsafeRaw: itemColumnList) FROM list_items WHERE list_id = \(bind: listId) AND purchased = \(bind: true)" + found
        if let cursor, cursor.purchased {
            inBasket += """
                 AND (changed_at < \(SQLTimestamp(cursor.changedAt)) OR (changed_at = \(SQLTimestamp(cursor.changedAt)) AND \
                (created_at > \(SQLTimestamp(cursor.createdAt)) OR (created_at = \(SQLTimestamp(cursor.createdAt)) AND id > \(bind: cursor.id)))))
                """
        }
        let remaining: SQLQueryString = limit.map { " LIMIT \(bind: $0 - items.count)" } ?? ""
        return items + (try await fetch(inBasket + " ORDER BY changed_at DESC, created_at, id" + remaining, preparing: cursor == nil, on: db)
            .map(item(from:)))
    }

    /// A first page's statements are prepared (``SQLPrepared``); a later page's hold its cursor as
    /// literals, a text of its own each time.
    private static func fetch(_ statement: SQLQueryString, preparing: Bool, on db: any SQLDatabase) async throws -> [any SQLRow] {
        try await preparing ? db.prepared(statement).all() : db.raw(statement).all()
    }
}
