import Foundation
import HearthCore
import SQLKit

/// The yearly check: what is left to check in each room, and the household's check settings (a
/// thing is marked seen by ``bulkChange(_:itemIds:householdId:)``'s `check`). An item counts as
/// checked for 12 months from the day someone last saw it: its check, else the day it was added.
extension InventoryStore {
    /// A room's items the household still owns, and how many of them are left to check.
    public struct CheckProgress: Sendable, Equatable {
        public var total: Int
        public var toCheck: Int
    }

    /// The household's last check and whether its score counts unchecked items.
    public func checkSettings(householdId: UUID) async throws -> (lastChecked: CalendarDate?, countsInScore: Bool) {
        let row = try await sql.select().columns("last_checked_on", "check_in_score").from("households").where("id", .equal, householdId).first()
        return (try row?.decode(column: "last_checked_on", as: String?.self).flatMap(CalendarDate.init(iso:)),
                try row?.decode(column: "check_in_score", as: Bool.self) ?? false)
    }

    public func setCheckCountsInScore(_ counts: Bool, householdId: UUID) async throws {
        try await sql.update("households").set("check_in_score", to: counts).where("id", .equal, householdId).run()
    }

    /// Each room's progress (nil: items without a room), of the items the household owns.
    public func checkProgress(householdId: UUID, today: CalendarDate) async throws -> [UUID?: CheckProgress] {
        let unchecked = InventorySQL.unchecked(cutoff: InventorySummary.checkCutoff(today: today))
        let rows = try await sql.select().column("room_id").column(SQLRaw("COUNT(*)"), as: "total")
            .column(SQLQueryString("COALESCE(SUM(CASE WHEN \(unchecked) THEN 1 ELSE 0 END), 0)"), as: "to_check")
            .from("inventory_items").where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null)
            .where("disposition", .is, SQLLiteral.null).groupBy("room_id").all()
        var progress: [UUID?: CheckProgress] = [:]
        for row in rows {
            progress[try row.decode(column: "room_id", as: UUID?.self)] = CheckProgress(total: try row.decode(column: "total", as: Int.self),
                                                                                      toCheck: try row.decode(column: "to_check", as: Int.self))
        }
        return progress
    }

    /// The items of a room left to check, A–Z (at most ``InventoryRules/maximumSelection``).
    public func itemsToCheck(householdId: UUID, room: ItemQuery.GroupFilter, today: CalendarDate) async throws -> [InventoryItem] {
        let query = sql.select().columns(Self.itemColumns).from("inventory_items").where("household_id", .equal, householdId)
            .where("deleted_at", .is, SQLLiteral.null).where("disposition", .is, SQLLiteral.null)
            .where(InventorySQL.unchecked(cutoff: InventorySummary.checkCutoff(today: today)))
        switch room {
        case .group(let id): query.where("room_id", .equal, id)
        case .unassigned: query.where("room_id", .is, SQLLiteral.null)
        }
        return try await Self.items(from: query.orderBy("name_key").orderBy("id").limit(InventoryRules.maximumSelection).all(), on: sql)
    }
}

extension InventoryStore {
    /// After a restore: the household was last checked on the latest of its own last check, the
    /// backup's and any restored item's check; a replace takes the backup's setting for the score.
    static func restoreCheck(_ household: HouseholdBackup.Household, householdId: UUID, strategy: RestoreStrategy, on db: any SQLDatabase) async throws {
        let own = try await db.select().column("last_checked_on").from("households").where("id", .equal, householdId).first()?
            .decode(column: "last_checked_on", as: String?.self).flatMap(CalendarDate.init(iso:))
        let items = try await db.select().column(SQLFunction("MAX", args: SQLColumn("verified_on")), as: "latest").from("inventory_items")
            .where("household_id", .equal, householdId).first()?.decode(column: "latest", as: String?.self).flatMap(CalendarDate.init(iso:))
        let update = db.update("households").set("last_checked_on", to: SQLBind([own, household.lastChecked, items].compactMap { $0 }.max()?.description))
        if strategy == .replace { update.set("check_in_score", to: household.checkCountsInScore ?? false) }
        try await update.where("id", .equal, householdId).run()
    }
}
