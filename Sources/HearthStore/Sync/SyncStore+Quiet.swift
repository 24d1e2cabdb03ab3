import Foundation
import HearthCore
import SQLKit

extension SyncStore {
    /// Runs `body`, a bulk write of the household (a restore, an import), in its transaction `db`
    /// with the sync triggers quiet. A trigger that writes a row doubles the cost of each of
    /// 100,000 inserts; instead, every entity of the household is noted before `body` (what it may
    /// delete), and one mark after it asks the next stamp to note every entity there is then (what
    /// it wrote, ``noteMarkedEverything(of:)``), so the restore does not wait for those notes. The
    /// household's entities are all the feed carries of it, so nothing `body` changed is missed.
    /// Quiet ends with the transaction whatever happens.
    static func quietly<T>(householdId: UUID, kind: DatabaseKind, on db: any SQLDatabase, _ body: () async throws -> T) async throws -> T {
        try await noteEverything(of: householdId, on: db)
        switch kind {
        case .sqlite: try await db.raw("INSERT INTO sync_quiet (household_id) VALUES (\(bind: householdId))").run()
        case .postgres: try await db.raw("SET LOCAL hearth.sync_quiet = 'on'").run()
        }
        let result = try await body()
        switch kind {
        case .sqlite: try await db.raw("DELETE FROM sync_quiet").run()
        case .postgres: try await db.raw("SET LOCAL hearth.sync_quiet = 'off'").run()
        }
        try await db.raw("""
            INSERT INTO sync_pending (household_id, entity, entity_id, user_id) \
            VALUES (\(bind: householdId), \(bind: Self.everything), \(bind: householdId), NULL)
            """).run()
        return result
    }

    /// The entity of a note that stands for every entity of its household.
    static let everything = "everything"

    /// Turns the household's mark of ``quietly(householdId:kind:on:_:)``, if there is one, into a
    /// note of each of its entities, in one transaction: of two stamps, one takes the mark.
    func noteMarkedEverything(of householdId: UUID) async throws {
        try await database.transaction { db in
            guard try await db.raw("""
                DELETE FROM sync_pending WHERE household_id = \(bind: householdId) AND entity = \(bind: Self.everything) RETURNING entity
                """).first() != nil else { return }
            try await Self.noteEverything(of: householdId, on: db)
        }
    }

    /// Notes each entity of the household, and each of its members' own.
    static func noteEverything(of householdId: UUID, on db: any SQLDatabase) async throws {
        let household = SQLBind(householdId)
        var sources: [SQLQueryString] = [
            "SELECT household_id, 'list', id, NULL FROM shopping_lists WHERE household_id = \(household)",
            "SELECT household_id, 'listItem', id, NULL FROM list_items WHERE household_id = \(household)",
            "SELECT household_id, 'inventoryItem', id, NULL FROM inventory_items WHERE household_id = \(household)",
            "SELECT household_id, kind, id, NULL FROM inventory_groups WHERE household_id = \(household)",
            "SELECT household_id, 'receipt', id, NULL FROM inventory_receipts WHERE household_id = \(household)",
            "SELECT household_id, 'photo', id, NULL FROM inventory_photos WHERE household_id = \(household)",
            "SELECT household_id, 'claim', id, NULL FROM inventory_claims WHERE household_id = \(household)",
            "SELECT u.household_id, 'focusSession', s.id, u.id FROM focus_sessions s JOIN users u ON u.id = s.user_id WHERE u.household_id = \(household)",
        ]
        for entity in [SyncEntity.accountSettings, .focusSettings, .timer] {
            sources.append("SELECT household_id, \(literal: entity.rawValue), id, id FROM users WHERE household_id = \(household)")
        }
        for source in sources {
            try await db.raw("INSERT INTO sync_pending (household_id, entity, entity_id, user_id) \(source)").run()
        }
    }
}
