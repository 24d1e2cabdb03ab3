import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// The inventory home's figures: counts, totals per currency, documentation, rooms and
    /// categories, and the items to document next (of one room, when `fixNextRoom` is given).
    public func summary(householdId: UUID, today: CalendarDate, fixNextRoom: ItemQuery.GroupFilter? = nil, fixNextLimit: Int = 10) async throws -> InventorySummary {
        let horizon = today.adding(days: InventorySummary.warrantyHorizonDays) ?? today
        let figures = try await sql.select()
            .column(SQLRaw("COUNT(*)"), as: "items")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN \(InventorySQL.documented()) THEN 1 ELSE 0 END), 0)"), as: "documented")
            .column(SQLRaw("COALESCE(SUM(\(InventorySQL.score())), 0)"), as: "score")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN \(InventorySQL.has(.photo)) THEN 0 ELSE 1 END), 0)"), as: "no_photo")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN \(InventorySQL.has(.receipt)) THEN 0 ELSE 1 END), 0)"), as: "no_receipt")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN \(InventorySQL.has(.value)) THEN 0 ELSE 1 END), 0)"), as: "no_value")
            .column(SQLQueryString("COALESCE(SUM(CASE WHEN warranty_until >= \(bind: today.description) AND warranty_until <= \(bind: horizon.description) THEN 1 ELSE 0 END), 0)"), as: "warranties")
            .from("inventory_items").where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null)
            .first()
        func figure(_ column: String) throws -> Int { try figures?.decode(column: column, as: Int.self) ?? 0 }
        let itemCount = try figure("items")
        let byRoom = try await groupTotals(.room, householdId: householdId)
        return InventorySummary(
            itemCount: itemCount, totals: Self.merged(byRoom.flatMap(\.totals)), documentedCount: try figure("documented"),
            score: itemCount == 0 ? 100 : Int((Double(try figure("score")) / Double(itemCount)).rounded()),
            missingPhotos: try figure("no_photo"), missingReceipts: try figure("no_receipt"), missingValues: try figure("no_value"),
            warrantiesEnding: try figure("warranties"), byRoom: byRoom,
            byCategory: try await groupTotals(.category, householdId: householdId),
            fixNext: try await fixNext(householdId: householdId, room: fixNextRoom, limit: fixNextLimit)
        )
    }

    /// Items, value and documentation per room or category, in the groups' order; the items
    /// without one last (when there are any).
    func groupTotals(_ kind: InventoryGroup.Kind, householdId: UUID) async throws -> [GroupTotal] {
        let column = kind == .room ? "room_id" : "category_id"
        let rows = try await sql.select().column(column, as: "group_id")
            .column(SQLRaw(InventorySQL.valueCurrency()), as: "currency")
            .column(SQLRaw("COUNT(*)"), as: "items")
            .column(SQLRaw("CAST(COALESCE(SUM(\(InventorySQL.value())), 0) AS BIGINT)"), as: "value")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN \(InventorySQL.documented()) THEN 1 ELSE 0 END), 0)"), as: "documented")
            .column(SQLRaw("COALESCE(SUM(\(InventorySQL.score())), 0)"), as: "score")
            .from("inventory_items").where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null)
            .groupBy(SQLIdentifier(column)).groupBy(SQLRaw(InventorySQL.valueCurrency())).all()
        var totals: [UUID?: (items: Int, values: [Money], documented: Int, score: Int)] = [:]
        for row in rows {
            let id = try row.decode(column: "group_id", as: UUID?.self)
            var entry = totals[id] ?? (0, [], 0, 0)
            entry.items += try row.decode(column: "items", as: Int.self)
            entry.documented += try row.decode(column: "documented", as: Int.self)
            entry.score += try row.decode(column: "score", as: Int.self)
            if let currency = try row.decode(column: "currency", as: String?.self) {
                entry.values.append(Money(amount: try row.decode(column: "value", as: Int.self), currency: currency))
            }
            totals[id] = entry
        }
        let groups: [InventoryGroup?] = try await self.groups(kind, householdId: householdId) + (totals[nil] == nil ? [] : [nil])
        return groups.map { group in
            let entry = totals[group?.id] ?? (0, [], 0, 0)
            return GroupTotal(group: group, itemCount: entry.items, totals: Self.merged(entry.values), documentedCount: entry.documented,
                              score: entry.items == 0 ? 100 : Int((Double(entry.score) / Double(entry.items)).rounded()))
        }
    }

    /// Items not fully documented, the most value at risk (value × missing share) first, then
    /// those without a value, least documented first.
    func fixNext(householdId: UUID, room: ItemQuery.GroupFilter?, limit: Int) async throws -> [FixNext] {
        let risk = "(\(InventorySQL.value()) * (100 - \(InventorySQL.score())))"
        let query = sql.select().columns(Self.itemColumns).from("inventory_items")
            .where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null)
            .where(SQLRaw("\(InventorySQL.score()) < 100"))
        switch room {
        case .group(let id): query.where("room_id", .equal, id)
        case .unassigned: query.where("room_id", .is, SQLLiteral.null)
        case nil: break
        }
        let rows = try await query.orderBy(SQLRaw("CASE WHEN \(InventorySQL.value()) IS NULL THEN 1 ELSE 0 END"))
            .orderBy(SQLRaw("COALESCE(\(risk), 0)"), SQLDirection.descending).orderBy(SQLRaw(InventorySQL.score())).orderBy("name_key").orderBy("id")
            .limit(limit).all()
        return try await Self.items(from: rows, on: sql).map { FixNext(item: $0, valueAtRisk: FixNext.valueAtRisk(of: $0)) }
    }

    /// Amounts added up per currency, the largest first.
    static func merged(_ amounts: [Money]) -> [Money] {
        var sums: [String: Int] = [:]
        for money in amounts { sums[money.currency, default: 0] += money.amount }
        return sums.map { Money(amount: $0.value, currency: $0.key) }.sorted { ($0.amount, $1.currency) > ($1.amount, $0.currency) }
    }
}
