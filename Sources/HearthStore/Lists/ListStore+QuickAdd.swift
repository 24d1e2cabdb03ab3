import Foundation
import HearthCore
import SQLKit

extension ListStore {
    /// On PostgreSQL, the everyday add in one statement, so one round trip: a name not unchecked on
    /// the list already, under an id never sent, with no stores chosen or taught for it. It reads
    /// the list, the name's aisle and place as `addItem` does, inserts the item and remembers the
    /// name, or changes nothing and answers nil: `addItem` then takes its whole way (a line to add
    /// up, a retry, stores to check, a list that is not there), which answers every other case.
    ///
    /// `guessed` is the dictionary's aisle for the name, taken when neither the person nor the
    /// household chose one.
    static func quickAdd(id: UUID, listId: UUID, householdId: UUID, name: String, quantity: Quantity?, note: String?,
                         category: ShoppingCategory?, guessed: ShoppingCategory, at now: Date, on db: any SQLDatabase) async throws -> ListItem? {
        let key = ListRules.key(name)
        let history = remembering(name, householdId: householdId, listId: listId, added: true, quantity: quantity,
                                   category: category, onlyAt: nil, at: now, onlyFor: "added")
        return try await db.prepared("""
            WITH target AS (
                SELECT CASE WHEN h.category IN (\(unsafeRaw: knownCategories)) THEN h.category END AS taught_category, o.position
                FROM shopping_lists l
                LEFT JOIN list_item_history h ON h.household_id = l.household_id AND h.name_key = \(bind: key)
                LEFT JOIN list_item_order o ON o.list_id = l.id AND o.name_key = \(bind: key)
                WHERE l.id = \(bind: listId) AND l.household_id = \(bind: householdId) AND l.deleted_at IS NULL AND h.only_at IS NULL
                    AND NOT EXISTS (SELECT 1 FROM list_items WHERE list_id = l.id AND name_key = \(bind: key) AND purchased = \(bind: false))
                    AND NOT EXISTS (SELECT 1 FROM list_item_aliases WHERE id = \(bind: id))
            ), added AS (
                INSERT INTO list_items (id, list_id, household_id, name, name_key, quantity_amount, quantity_unit, note, purchased,
                    changed_at, created_at, updated_at, category, position, only_at)
                SELECT \(bind: id), \(bind: listId), \(bind: householdId), \(bind: name), \(bind: key),
                    \(bind: quantity?.amountText), \(bind: quantity?.unit), \(bind: note), \(bind: false), \(bind: now), \(bind: now), \(bind: now),
                    COALESCE(\(bind: category?.rawValue), taught_category, \(bind: guessed.rawValue)), position, NULL
                FROM target
                ON CONFLICT (id) DO NOTHING
                RETURNING \(unsafeRaw: itemColumnList)
            ), remembered AS (
                \(history)
            )
            SELECT \(unsafeRaw: itemColumnList) FROM added
            """).first().map(item(from:))
    }

    /// The aisles' names as SQL literals (fixed words, no quotes in them).
    private static let knownCategories = ShoppingCategory.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
}
