import Foundation
import HearthCore
import SQLKit

/// What the household added and bought before (`list_item_history`): suggestions, and what it
/// taught about each name (its aisle, the stores it is only found at).
extension ListStore {
    /// A name the household used before, with the aisle and quantity it usually has.
    public struct Suggestion: Sendable, Equatable {
        public var name: String
        public var category: ShoppingCategory
        public var quantity: Quantity?
    }

    /// Names the household used before that start with `prefix` (or contain it): those last added
    /// to `listId` first, then by how often and how recently they were added and bought (a use
    /// counts half after 30 days, a quarter after 60: a weekly staple stays ahead of last month's
    /// one-off, and what the household stopped buying fades).
    public func suggestions(householdId: UUID, listId: UUID? = nil, matching prefix: String, limit: Int = 8) async throws -> [Suggestion] {
        // No name holds a control character, and PostgreSQL refuses a NUL in a parameter.
        if TextRules.containsControl(prefix) { return [] }
        let key = ListRules.key(prefix).replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "")
        let now = clock.now
        let candidates = try await sql.select().columns("name", "category", "quantity_amount", "quantity_unit", "added_count", "purchased_count", "last_used_at")
            .column(SQLQueryString("CASE WHEN name_key LIKE \(bind: key + "%") THEN 0 ELSE 1 END"), as: "inside")
            .column(SQLQueryString("CASE WHEN last_list_id = \(bind: listId ?? UUID()) THEN 0 ELSE 1 END"), as: "elsewhere")
            .from("list_item_history")
            .where("household_id", .equal, householdId).where("name_key", .like, "%\(key)%")
            .orderBy("inside").orderBy("elsewhere").orderBy(SQLRaw("added_count + purchased_count"), SQLDirection.descending)
            .limit(200).all().map { row in
                let uses = try row.decode(column: "added_count", as: Int.self) + row.decode(column: "purchased_count", as: Int.self)
                let age = max(0, now.timeIntervalSince(try row.decode(column: "last_used_at", as: Date.self))) / 86_400
                let name = try row.decode(column: "name", as: String.self)
                let suggestion = Suggestion(
                    name: name,
                    category: try row.decode(column: "category", as: String?.self).flatMap(ShoppingCategory.init(rawValue:)) ?? words.category(of: name),
                    quantity: try row.decode(column: "quantity_amount", as: String?.self)
                        .flatMap { Quantity(amountText: $0, unit: try row.decode(column: "quantity_unit", as: String?.self)) })
                return (suggestion, rank: [try row.decode(column: "inside", as: Int.self), try row.decode(column: "elsewhere", as: Int.self)],
                        score: Double(max(uses, 1)) * pow(0.5, age / 30), age: age)
            }
        return candidates.sorted { first, second in
            if first.rank != second.rank { return first.rank.lexicographicallyPrecedes(second.rank) }
            return first.score != second.score ? first.score > second.score : first.age < second.age
        }.prefix(limit).map(\.0)
    }

    /// Remembers a use of `name` for suggestions: an addition (`added`) counts, with its quantity,
    /// and makes the name recent. A category or stores chosen for it are what the household taught
    /// (an empty list of stores: any store again); teaching alone is no use of the name. A spelling
    /// in lower case does not replace one with capitals ("milk" typed in a hurry keeps "Milk").
    static func remember(_ name: String, householdId: UUID, listId: UUID, added: Bool, quantity: Quantity?, category: ShoppingCategory?,
                         onlyAt: [UUID]?, at now: Date, on db: any SQLDatabase) async throws {
        try await db.raw(remembering(name, householdId: householdId, listId: listId, added: added, quantity: quantity,
                                     category: category, onlyAt: onlyAt, at: now)).run()
    }

    /// ``remember(_:householdId:listId:added:quantity:category:onlyAt:at:on:)``'s statement; with
    /// `onlyFor`, the name of a common table expression, only when that has a row.
    static func remembering(_ name: String, householdId: UUID, listId: UUID, added: Bool, quantity: Quantity?, category: ShoppingCategory?,
                            onlyAt: [UUID]?, at now: Date, onlyFor rows: String? = nil) -> SQLQueryString {
        // The new spelling is all lower case: one that differs (same key) has capitals.
        let spelling: SQLQueryString = name == name.lowercased()
            ? "CASE WHEN list_item_history.name <> EXCLUDED.name THEN list_item_history.name ELSE EXCLUDED.name END"
            : "EXCLUDED.name"
        let newQuantity: SQLQueryString = "EXCLUDED.quantity_amount IS NOT NULL"
        let row: SQLQueryString = """
            \(bind: householdId), \(bind: ListRules.key(name)), \(bind: name), \(bind: added ? 1 : 0), 0, \(bind: now), \(bind: listId),
                \(bind: quantity?.amountText), \(bind: quantity?.unit), \(bind: category?.rawValue), \(bind: onlyAt.flatMap(StoreIds.text))
            """
        let source: SQLQueryString = if let rows { "SELECT \(row) FROM \(unsafeRaw: rows)" } else { "VALUES (\(row))" }
        return """
            INSERT INTO list_item_history (household_id, name_key, name, added_count, purchased_count, last_used_at, last_list_id,
                quantity_amount, quantity_unit, category, only_at)
            \(source)
            ON CONFLICT (household_id, name_key) DO UPDATE SET added_count = list_item_history.added_count + EXCLUDED.added_count,
                name = \(spelling),
                last_used_at = CASE WHEN EXCLUDED.added_count > 0 THEN EXCLUDED.last_used_at ELSE list_item_history.last_used_at END,
                last_list_id = CASE WHEN EXCLUDED.added_count > 0 THEN EXCLUDED.last_list_id ELSE list_item_history.last_list_id END,
                quantity_amount = CASE WHEN \(newQuantity) THEN EXCLUDED.quantity_amount ELSE list_item_history.quantity_amount END,
                quantity_unit = CASE WHEN \(newQuantity) THEN EXCLUDED.quantity_unit ELSE list_item_history.quantity_unit END,
                category = COALESCE(EXCLUDED.category, list_item_history.category),
                only_at = CASE WHEN \(bind: onlyAt != nil) THEN EXCLUDED.only_at ELSE list_item_history.only_at END
            """
    }
}
