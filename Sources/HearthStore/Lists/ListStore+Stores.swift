import Foundation
import HearthCore
import SQLKit

/// The household's stores, each with its aisle order; a list's usual store.
extension ListStore {
    /// The household's stores in order.
    public func stores(householdId: UUID) async throws -> [ShoppingStore] {
        try await Self.stores(householdId: householdId, on: sql)
    }

    /// One store of the household.
    public func store(id: UUID, householdId: UUID) async throws -> ShoppingStore? {
        try await Self.store(id: id, householdId: householdId, on: sql)
    }

    /// Adds a store after the others; `aisles` are its first aisles (the rest follow in Hearth's
    /// order). The same client id again returns the store it made (`created` false).
    public func createStore(id: UUID?, householdId: UUID, name: String, aisles: [ShoppingCategory]) async throws -> (store: ShoppingStore, created: Bool) {
        defer { forgetPages() }
        let name = try ListRules.name(name)
        let aisles = try AisleOrder.complete(aisles)
        let id = id ?? ids.next()
        let now = clock.now
        return try await database.transaction { db in
            if let owner = try await Self.existing(table: "shopping_stores", id: id, on: db) {
                guard owner == householdId, let store = try await Self.store(id: id, householdId: householdId, on: db) else {
                    throw ListError.idConflict
                }
                return (store, false)
            }
            let count = try await db.select().column(SQLRaw("COUNT(*)"), as: "count").from("shopping_stores")
                .where("household_id", .equal, householdId).first()?.decode(column: "count", as: Int.self) ?? 0
            guard count < ShoppingStore.maximumCount else { throw ListError.tooManyStores }
            let store = ShoppingStore(id: id, householdId: householdId, name: name, aisles: aisles, position: count + 1, createdAt: now, updatedAt: now)
            try await db.insert(into: "shopping_stores").columns("id", "household_id", "name", "aisles", "position", "created_at", "updated_at")
                .values(SQLBind(id), SQLBind(householdId), SQLBind(name), SQLBind(AisleOrder.text(aisles)), SQLBind(store.position),
                        SQLBind(now), SQLBind(now))
                .run()
            return (store, true)
        }
    }

    /// Renames a store, changes its aisle order or moves it among the stores (1 first).
    public func updateStore(id: UUID, householdId: UUID, name: String?, aisles: [ShoppingCategory]?, position: Int?) async throws -> ShoppingStore {
        defer { forgetPages() }
        let name = try name.map(ListRules.name)
        let aisles = try aisles.map(AisleOrder.complete)
        let position = try position.map(ListRules.position)
        return try await database.transaction { db in
            var order = try await Self.stores(householdId: householdId, on: db)
            guard let index = order.firstIndex(where: { $0.id == id }) else { throw ListError.storeNotFound }
            let update = db.update("shopping_stores").set("updated_at", to: clock.now)
            if let name { update.set("name", to: name) }
            if let aisles { update.set("aisles", to: AisleOrder.text(aisles)) }
            try await update.where("id", .equal, id).run()
            if let position {
                order.move(from: index, toPosition: position)
                try await Self.number(order, on: db)
            }
            guard let store = try await Self.store(id: id, householdId: householdId, on: db) else { throw ListError.storeNotFound }
            return store
        }
    }

    /// Deletes a store: lists that usually shop there have no usual store, and items only found
    /// there (and the names the household marked so) are found anywhere again, unless they are
    /// also marked for another store.
    public func deleteStore(id: UUID, householdId: UUID) async throws {
        defer { forgetPages() }
        try await database.transaction { db in
            guard try await db.delete(from: "shopping_stores").where("id", .equal, id).where("household_id", .equal, householdId)
                .runCounting() > 0 else { throw ListError.storeNotFound }
            // Also what `ON DELETE SET NULL` does: said here, where a reader looks for it.
            try await db.update("shopping_lists").set("store_id", to: SQLLiteral.null).where("store_id", .equal, id).run()
            try await Self.unmark(store: id, in: "list_items", householdId: householdId, on: db)
            try await Self.unmark(store: id, in: "list_item_history", householdId: householdId, on: db)
            try await Self.number(try await Self.stores(householdId: householdId, on: db), on: db)
        }
    }

    /// Takes `store` out of the `only_at` of the household's rows of `table`, a marking at a time.
    private static func unmark(store: UUID, in table: String, householdId: UUID, on db: any SQLDatabase) async throws {
        for row in try await db.select().distinct().column("only_at").from(table).where("household_id", .equal, householdId)
            .where("only_at", .like, "%\(store.uuidString)%").all() {
            let marked = try row.decode(column: "only_at", as: String.self)
            try await db.update(table).set("only_at", to: SQLBind(StoreIds.text(StoreIds.read(marked).filter { $0 != store })))
                .where("household_id", .equal, householdId).where("only_at", .equal, marked).run()
        }
    }

    /// Numbers stores 1…n in the order given; only rows whose number changes are written.
    private static func number(_ order: [ShoppingStore], on db: any SQLDatabase) async throws {
        for (place, store) in order.enumerated() where store.position != place + 1 {
            try await db.update("shopping_stores").set("position", to: place + 1).where("id", .equal, store.id).run()
        }
    }

    static let storeColumns = ["id", "household_id", "name", "aisles", "position", "created_at", "updated_at"]

    static func stores(householdId: UUID, on db: any SQLDatabase) async throws -> [ShoppingStore] {
        try await db.select().columns(storeColumns).from("shopping_stores").where("household_id", .equal, householdId)
            .orderBy("position").orderBy("created_at").all().map(store(from:))
    }

    static func store(id: UUID, householdId: UUID, on db: any SQLDatabase) async throws -> ShoppingStore? {
        try await db.select().columns(storeColumns).from("shopping_stores").where("id", .equal, id)
            .where("household_id", .equal, householdId).first().map(store(from:))
    }

    static func store(from row: any SQLRow) throws -> ShoppingStore {
        ShoppingStore(
            id: try row.decode(column: "id", as: UUID.self), householdId: try row.decode(column: "household_id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self), aisles: AisleOrder.read(try row.decode(column: "aisles", as: String.self)),
            position: try row.decode(column: "position", as: Int.self), createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }
}
