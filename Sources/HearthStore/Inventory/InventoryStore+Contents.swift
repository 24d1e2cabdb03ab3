import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// What an item holds, outside Recently deleted: how many things, and their value in each currency.
    public struct HeldItems: Sendable, Equatable {
        public var count: Int
        /// Largest first.
        public var values: [Money]

        public init(count: Int, values: [Money]) {
            self.count = count
            self.values = values
        }
    }

    /// For each of these items that holds others, what it holds (items kept in it directly).
    public func heldItems(in ids: [UUID], householdId: UUID) async throws -> [UUID: HeldItems] {
        var held: [UUID: HeldItems] = [:]
        for chunk in Array(Set(ids)).chunks(of: 500) {
            let rows = try await sql.select()
                .column("container_id").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
                .column(SQLRaw(InventorySQL.valueCurrency()), as: "currency").column(SQLFunction("SUM", args: SQLRaw(InventorySQL.value())), as: "total")
                .from("inventory_items").where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null)
                .where("container_id", isOneOf: chunk, on: sql)
                .groupBy("container_id").groupBy(SQLRaw(InventorySQL.valueCurrency()))
                .all()
            for row in rows {
                let container = try row.decode(column: "container_id", as: UUID.self)
                var entry = held[container] ?? HeldItems(count: 0, values: [])
                entry.count += try row.decode(column: "count", as: Int.self)
                if let currency = try row.decode(column: "currency", as: String?.self), let total = try row.decode(column: "total", as: Int?.self) {
                    entry.values.append(Money(amount: total, currency: currency))
                }
                held[container] = entry
            }
        }
        return held.mapValues { HeldItems(count: $0.count, values: $0.values.sorted { $0.amount > $1.amount }) }
    }
}
