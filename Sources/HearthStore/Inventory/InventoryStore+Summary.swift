import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// The inventory home's figures: counts, totals per currency, documentation, rooms and
    /// categories, and the items to document next (of one room, when `fixNextRoom` is given).
    /// One pass over the items (grouped by room, category and currency) and one for the queue.
    public func summary(householdId: UUID, today: CalendarDate, fixNextRoom: ItemQuery.GroupFilter? = nil, fixNextLimit: Int = 10) async throws -> InventorySummary {
        let horizon = today.adding(days: InventorySummary.warrantyHorizonDays) ?? today
        let currency = InventorySQL.valueCurrency()
        let check = try await checkSettings(householdId: householdId)
        let unchecked = InventorySQL.unchecked(cutoff: InventorySummary.checkCutoff(today: today))
        let score: any SQLExpression = check.countsInScore
            ? SQLQueryString("COALESCE(SUM(CASE WHEN \(unchecked) THEN 0 ELSE \(unsafeRaw: InventorySQL.score()) END), 0)")
            : SQLRaw("COALESCE(SUM(\(InventorySQL.score())), 0)")
        let rows = try await sql.select()
            .column("room_id").column("category_id").column(SQLRaw(currency), as: "currency")
            .column(SQLRaw("COUNT(*)"), as: "items")
            .column(SQLRaw("CAST(COALESCE(SUM(\(InventorySQL.value())), 0) AS BIGINT)"), as: "value")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN \(InventorySQL.documented()) THEN 1 ELSE 0 END), 0)"), as: "documented")
            .column(score, as: "score")
            .column(SQLQueryString("COALESCE(SUM(CASE WHEN \(unchecked) THEN 1 ELSE 0 END), 0)"), as: "unchecked")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN \(InventorySQL.has(.photo)) THEN 0 ELSE 1 END), 0)"), as: "no_photo")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN \(InventorySQL.has(.receipt)) THEN 0 ELSE 1 END), 0)"), as: "no_receipt")
            .column(SQLRaw("COALESCE(SUM(CASE WHEN \(InventorySQL.has(.value)) THEN 0 ELSE 1 END), 0)"), as: "no_value")
            .column(SQLQueryString("COALESCE(SUM(CASE WHEN warranty_until >= \(bind: today.description) AND warranty_until <= \(bind: horizon.description) THEN 1 ELSE 0 END), 0)"), as: "warranties")
            .from("inventory_items").where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null)
            .where("disposition", .is, SQLLiteral.null)
            .groupBy("room_id").groupBy("category_id").groupBy(SQLRaw(currency))
            .all()
        var all = Bucket(), byRoom: [UUID?: Bucket] = [:], byCategory: [UUID?: Bucket] = [:]
        for row in rows {
            let bucket = try Bucket(row)
            all.add(bucket)
            byRoom[try row.decode(column: "room_id", as: UUID?.self), default: Bucket()].add(bucket)
            byCategory[try row.decode(column: "category_id", as: UUID?.self), default: Bucket()].add(bucket)
        }
        var summary = InventorySummary(
            itemCount: all.items, totals: Money.totals(all.values), documentedCount: all.documented, score: all.averageScore,
            missingPhotos: all.noPhoto, missingReceipts: all.noReceipt, missingValues: all.noValue, warrantiesEnding: all.warranties,
            byRoom: try await totals(.room, byRoom, householdId: householdId),
            byCategory: try await totals(.category, byCategory, householdId: householdId),
            fixNext: try await fixNext(householdId: householdId, room: fixNextRoom, limit: fixNextLimit)
        )
        (summary.unchecked, summary.lastChecked, summary.checkCountsInScore) = (all.unchecked, check.lastChecked, check.countsInScore)
        return summary
    }

    /// The figures of a group of items, added up from the grouped rows.
    private struct Bucket {
        var items = 0, documented = 0, score = 0, noPhoto = 0, noReceipt = 0, noValue = 0, warranties = 0, unchecked = 0
        var values: [Money] = []

        init() {}

        init(_ row: any SQLRow) throws {
            items = try row.decode(column: "items", as: Int.self)
            documented = try row.decode(column: "documented", as: Int.self)
            score = try row.decode(column: "score", as: Int.self)
            noPhoto = try row.decode(column: "no_photo", as: Int.self)
            noReceipt = try row.decode(column: "no_receipt", as: Int.self)
            noValue = try row.decode(column: "no_value", as: Int.self)
            warranties = try row.decode(column: "warranties", as: Int.self)
            unchecked = try row.decode(column: "unchecked", as: Int.self)
            if let currency = try row.decode(column: "currency", as: String?.self) {
                values = [Money(amount: try row.decode(column: "value", as: Int.self), currency: currency)]
            }
        }

        mutating func add(_ other: Bucket) {
            items += other.items
            documented += other.documented
            score += other.score
            noPhoto += other.noPhoto
            noReceipt += other.noReceipt
            noValue += other.noValue
            warranties += other.warranties
            unchecked += other.unchecked
            values += other.values
        }

        /// The average score; 100 for no items (nothing is missing).
        var averageScore: Int { items == 0 ? 100 : Int((Double(score) / Double(items)).rounded()) }
    }

    /// Every room or category in its order with its figures; the items without one last (when there are any).
    private func totals(_ kind: InventoryGroup.Kind, _ buckets: [UUID?: Bucket], householdId: UUID) async throws -> [GroupTotal] {
        let groups: [InventoryGroup?] = try await self.groups(kind, householdId: householdId) + (buckets[nil] == nil ? [] : [nil])
        return groups.map { group in
            let bucket = buckets[group?.id] ?? Bucket()
            return GroupTotal(group: group, itemCount: bucket.items, totals: Money.totals(bucket.values), documentedCount: bucket.documented,
                              score: bucket.averageScore)
        }
    }

    /// Items not fully documented, the most value at risk (value × missing share) first, then
    /// those without a value, least documented first.
    func fixNext(householdId: UUID, room: ItemQuery.GroupFilter?, limit: Int) async throws -> [FixNext] {
        let risk = "(\(InventorySQL.value()) * (100 - \(InventorySQL.score())))"
        let query = sql.select().columns(Self.itemColumns).from("inventory_items")
            .where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null)
            .where("disposition", .is, SQLLiteral.null).where(SQLRaw("\(InventorySQL.score()) < 100"))
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
}
