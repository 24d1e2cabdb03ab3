import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// The next asset id of the household, counted in the same statement that takes it (the
    /// household's row stays locked until the transaction ends, so two items never get one number).
    static func nextAssetId(householdId: UUID, on db: any SQLDatabase) async throws -> AssetID {
        let row = try await db.raw("""
            UPDATE households SET last_asset_id = last_asset_id + 1 WHERE id = \(bind: householdId) RETURNING last_asset_id
            """).first()
        guard let row else { throw StoreError.missingRow("households") }
        return AssetID(try row.decode(column: "last_asset_id", as: Int.self))
    }

    /// The numbering of an import or restore into the household: its count and the ids its items
    /// have. The household's row is locked until the transaction ends (``saveAssetNumbering(_:householdId:on:)``).
    static func assetNumbering(householdId: UUID, on db: any SQLDatabase) async throws -> AssetNumbering {
        let query = db.select().column("last_asset_id").from("households").where("id", .equal, householdId)
        if db.dialect.name == "postgresql" { query.for(.update) }
        guard let row = try await query.first() else { throw StoreError.missingRow("households") }
        let used = try await db.select().column("asset_id").from("inventory_items").where("household_id", .equal, householdId)
            .where("asset_id", .isNot, SQLLiteral.null).all().map { try $0.decode(column: "asset_id", as: Int.self) }
        return AssetNumbering(last: try row.decode(column: "last_asset_id", as: Int.self), used: Set(used))
    }

    static func saveAssetNumbering(_ numbering: AssetNumbering, householdId: UUID, on db: any SQLDatabase) async throws {
        try await db.update("households").set("last_asset_id", to: numbering.last).where("id", .equal, householdId).run()
    }
}
