import Foundation
import HearthCore
import SQLKit

extension ListStore {
    /// The dashboard figures, computed by the database: the items counted per list (an index-only
    /// scan) with deleted lists left out after grouping, the active lists, and the most bought names.
    public func statistics(householdId: UUID, mostBought limit: Int = 5) async throws -> ListStatistics {
        let query: SQLQueryString = """
            SELECT (SELECT COUNT(*) FROM shopping_lists WHERE household_id = \(bind: householdId) AND deleted_at IS NULL) AS lists,
                   COUNT(*) AS lists_with_items, CAST(COALESCE(SUM(g.items), 0) AS BIGINT) AS items,
                   CAST(COALESCE(SUM(g.purchased), 0) AS BIGINT) AS purchased
            FROM (SELECT list_id, COUNT(*) AS items, SUM(CASE WHEN purchased THEN 1 ELSE 0 END) AS purchased
                  FROM list_items WHERE household_id = \(bind: householdId) GROUP BY list_id) g
            WHERE g.list_id NOT IN (SELECT id FROM shopping_lists WHERE household_id = \(bind: householdId) AND deleted_at IS NOT NULL)
            """
        let row = try await sql.raw(query).first()
        // Purchases still in a list in Recently deleted do not count (purging takes them off for good).
        let bought = try await sql.raw("""
            SELECT h.name AS name, h.purchased_count - COALESCE(d.n, 0) AS bought
            FROM list_item_history h
            LEFT JOIN (SELECT i.name_key, COUNT(*) AS n FROM list_items i JOIN shopping_lists l ON l.id = i.list_id
                       WHERE l.household_id = \(bind: householdId) AND l.deleted_at IS NOT NULL AND i.purchased
                       GROUP BY i.name_key) d ON d.name_key = h.name_key
            WHERE h.household_id = \(bind: householdId) AND h.purchased_count - COALESCE(d.n, 0) > 0
            ORDER BY bought DESC, h.name LIMIT \(bind: limit)
            """).all()
            .map { ListStatistics.Bought(name: try $0.decode(column: "name", as: String.self), count: try $0.decode(column: "bought", as: Int.self)) }
        return ListStatistics(
            activeLists: try row?.decode(column: "lists", as: Int.self) ?? 0,
            totalItems: try row?.decode(column: "items", as: Int.self) ?? 0,
            purchasedItems: try row?.decode(column: "purchased", as: Int.self) ?? 0,
            listsWithItems: try row?.decode(column: "lists_with_items", as: Int.self) ?? 0,
            mostBought: bought
        )
    }
}
