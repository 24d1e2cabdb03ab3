import Foundation
import HearthCore
import SQLKit

/// The household's home inventory: rooms, categories, items, photos and receipts. Every query is
/// scoped by the household it is given, so another household's ids simply are not found.
public struct InventoryStore: Sendable {
    let database: Database
    let clock: any WallClock
    let ids: IDGenerator

    public init(database: Database, clock: any WallClock, ids: IDGenerator = .random) {
        self.database = database
        self.clock = clock
        self.ids = ids
    }

    var sql: any SQLDatabase { database.sql }
    var kind: DatabaseKind { database.kind }

    /// Creates the default rooms and categories the first time a household opens its inventory.
    /// Once done it is never done again, so rooms a person deleted stay deleted.
    public func prepare(householdId: UUID) async throws {
        let ready = try await sql.select().column("inventory_ready").from("households").where("id", .equal, householdId)
            .first()?.decode(column: "inventory_ready", as: Bool.self)
        guard ready == false else { return }
        let now = clock.now
        try await database.transaction { db in
            let claimed = try await db.update("households").set("inventory_ready", to: true)
                .where("id", .equal, householdId).where("inventory_ready", .equal, false).runCounting()
            guard claimed == 1 else { return }
            for kind in InventoryGroup.Kind.allCases {
                for (index, entry) in InventoryGroup.defaults(kind).enumerated() {
                    try await db.insert(into: "inventory_groups")
                        .columns("id", "household_id", "kind", "name", "name_key", "icon", "position", "is_default", "created_at", "updated_at",
                                 "useful_life_years", "depreciation_floor")
                        .values([SQLBind(ids.next()), SQLBind(householdId), SQLBind(kind.rawValue), SQLBind(entry.name),
                                 SQLBind(InventoryRules.key(entry.name)), SQLBind(entry.icon), SQLBind(index + 1), SQLBind(true),
                                 SQLBind(now), SQLBind(now)] + Self.depreciationBinds(kind, name: entry.name))
                        .run()
                }
            }
        }
    }

    /// The currency new values are entered in (ISO 4217).
    public func currency(householdId: UUID) async throws -> String {
        try await sql.select().column("currency").from("households").where("id", .equal, householdId)
            .first()?.decode(column: "currency", as: String.self) ?? "USD"
    }

    /// Sets the household's default currency. Values already entered keep theirs.
    public func setCurrency(_ code: String, householdId: UUID) async throws {
        let code = try InventoryRules.currency(code)
        try await sql.update("households").set("currency", to: code).where("id", .equal, householdId).run()
    }

    /// Why an item the caller named cannot be used: in Recently deleted, or not the household's at all.
    public func missingItemError(_ id: UUID, householdId: UUID) async throws -> InventoryError {
        try await Self.missing(id, householdId, on: sql)
    }

    /// The error for an item that cannot be changed: deleted, or not there at all.
    static func missing(_ id: UUID, _ householdId: UUID, on db: any SQLDatabase) async throws -> InventoryError {
        try await item(id: id, householdId: householdId, includingDeleted: true, on: db) == nil ? .itemNotFound : .itemDeleted
    }

    /// The household owning row `id` of `table`, if the id is taken.
    static func owner(table: String, id: UUID, on db: any SQLDatabase) async throws -> UUID? {
        try await db.select().column("household_id").from(table).where("id", .equal, id).first()?
            .decode(column: "household_id", as: UUID.self)
    }
}
