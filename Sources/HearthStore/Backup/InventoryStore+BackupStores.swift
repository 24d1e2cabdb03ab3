import Foundation
import HearthCore
import SQLKit

/// The household's stores and what it taught about names, in its backup.
extension InventoryStore {
    static func backupStores(householdId: UUID, on db: any SQLDatabase) async throws -> [HouseholdBackup.Store] {
        try await ListStore.stores(householdId: householdId, on: db).map { store in
            HouseholdBackup.Store(id: store.id, name: store.name, aisles: store.aisles.map(\.rawValue), position: store.position,
                                  createdAt: store.createdAt, updatedAt: store.updatedAt)
        }
    }

    static func backupTaughtNames(householdId: UUID, on db: any SQLDatabase) async throws -> [HouseholdBackup.TaughtName] {
        try await db.select().columns("name", "category", "only_at").from("list_item_history").where("household_id", .equal, householdId)
            .where(SQLRaw("(category IS NOT NULL OR only_at IS NOT NULL)")).orderBy("name_key").all().map { row in
                HouseholdBackup.TaughtName(name: try row.decode(column: "name", as: String.self),
                                           category: try row.decode(column: "category", as: String?.self),
                                           onlyAt: try row.decode(column: "only_at", as: String?.self).map(StoreIds.read))
            }
    }

    /// Stores by the lists' rule: merge keeps the household's (one of the same id, or of the same
    /// name, stands for the backup's); replace first deletes them. Returns the household's id of
    /// each of the backup's stores. Past the household's limit, stores are left out with a warning.
    static func restoreStores(_ stores: [HouseholdBackup.Store], householdId: UUID, strategy: RestoreStrategy,
                              summary: inout RestoreSummary, write: Bool, ids: IDGenerator, on db: any SQLDatabase) async throws -> [UUID: UUID] {
        var own = try await ListStore.stores(householdId: householdId, on: db)
        if strategy == .replace {
            if write {
                try await db.delete(from: "shopping_stores").where("household_id", .equal, householdId).run()
                // The stores the household marked names for are gone with them.
                try await db.update("list_item_history").set("only_at", to: SQLLiteral.null).where("household_id", .equal, householdId).run()
            }
            own = []
        }
        var map: [UUID: UUID] = [:]
        for store in stores {
            if let same = own.first(where: { $0.id == store.id || ListRules.key($0.name) == ListRules.key(store.name) }) {
                map[store.id] = same.id
                continue
            }
            guard own.count < ShoppingStore.maximumCount else {
                summary.warnings.append("The store “\(store.name)” was left out: a household keeps at most \(ShoppingStore.maximumCount) stores.")
                continue
            }
            guard let name = try? ListRules.name(store.name) else { continue }
            let taken = try await db.select().column("id").from("shopping_stores").where("id", .equal, store.id).first() != nil
            let added = ShoppingStore(id: taken ? ids.next() : store.id, householdId: householdId, name: name,
                                      aisles: AisleOrder.read(store.aisles.joined(separator: ",")), position: own.count + 1,
                                      createdAt: store.createdAt, updatedAt: store.updatedAt)
            own.append(added)
            map[store.id] = added.id
            guard write else { continue }
            try await db.insert(into: "shopping_stores").columns("id", "household_id", "name", "aisles", "position", "created_at", "updated_at")
                .values(SQLBind(added.id), SQLBind(householdId), SQLBind(added.name), SQLBind(AisleOrder.text(added.aisles)),
                        SQLBind(added.position), SQLBind(added.createdAt), SQLBind(added.updatedAt)).run()
        }
        return map
    }

    /// What the backup's household taught about names: on a merge the household's own teaching
    /// of a name stands, on a replace the backup's.
    static func restoreTaughtNames(_ names: [HouseholdBackup.TaughtName], householdId: UUID, strategy: RestoreStrategy, stores: [UUID: UUID],
                                   now: Date, on db: any SQLDatabase) async throws {
        let wins: (String) -> SQLQueryString = { column in
            strategy == .replace ? "COALESCE(EXCLUDED.\(unsafeRaw: column), list_item_history.\(unsafeRaw: column))"
                : "COALESCE(list_item_history.\(unsafeRaw: column), EXCLUDED.\(unsafeRaw: column))"
        }
        for taught in names {
            guard let name = try? ListRules.name(taught.name) else { continue }
            let category = taught.category.flatMap(ShoppingCategory.init(rawValue:))
            let onlyAt = StoreIds.text((taught.onlyAt ?? []).compactMap { stores[$0] })
            guard category != nil || onlyAt != nil else { continue }
            try await db.raw("""
                INSERT INTO list_item_history (household_id, name_key, name, added_count, purchased_count, last_used_at, category, only_at)
                VALUES (\(bind: householdId), \(bind: ListRules.key(name)), \(bind: name), 0, 0, \(bind: now), \(bind: category?.rawValue), \(bind: onlyAt))
                ON CONFLICT (household_id, name_key) DO UPDATE SET category = \(wins("category")), only_at = \(wins("only_at"))
                """).run()
        }
    }
}
