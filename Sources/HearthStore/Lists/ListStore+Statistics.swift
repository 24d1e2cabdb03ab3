import Foundation
import HearthCore
import SQLKit

extension ListStore {
    /// The dashboard figures, computed by the database: one aggregate over active lists and items,
    /// one for the most bought names.
    public func statistics(householdId: UUID, mostBought limit: Int = 5) async throws -> ListStatistics {
        let query: SQLQueryString = """
            SELECT COUNT(DISTINCT l.id) AS lists, COUNT(i.id) AS items,
                   COALESCE(SUM(CASE WHEN i.purchased THEN 1 ELSE 0 END), 0) AS purchased,
                   COUNT(DISTINCT i.list_id) AS lists_with_items
            FROM shopping_lists l LEFT JOIN list_items i ON i.list_id = l.id
            WHERE l.household_id = \(bind: householdId) AND l.deleted_at IS NULL
            """
        let row = try await sql.raw(query).first()
        let bought = try await sql.select().columns("name", "purchased_count").from("list_item_history")
            .where("household_id", .equal, householdId).where("purchased_count", .greaterThan, 0)
            .orderBy("purchased_count", .descending).orderBy("name").limit(limit).all()
            .map { ListStatistics.Bought(name: try $0.decode(column: "name", as: String.self), count: try $0.decode(column: "purchased_count", as: Int.self)) }
        return ListStatistics(
            activeLists: try row?.decode(column: "lists", as: Int.self) ?? 0,
            totalItems: try row?.decode(column: "items", as: Int.self) ?? 0,
            purchasedItems: try row?.decode(column: "purchased", as: Int.self) ?? 0,
            listsWithItems: try row?.decode(column: "lists_with_items", as: Int.self) ?? 0,
            mostBought: bought
        )
    }
}
