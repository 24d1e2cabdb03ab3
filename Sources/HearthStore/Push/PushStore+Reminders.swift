import Foundation
import HearthCore
import SQLKit

/// Warranty reminders: which are due, and claiming each once (a row per item, window and end date,
/// so a cluster's servers send each once, and a warranty extended to a new date is reminded of again).
extension PushStore {
    /// The reminders due at `now` (on each household's day) and not sent yet, by household and window.
    public func dueWarrantyReminders(now: Date) async throws -> [(householdId: UUID, window: Int, items: [WarrantyReminders.Item])] {
        let days = Self.possibleDays(now: now)
        guard let horizon = days.upperBound.adding(days: WarrantyReminders.days.max() ?? 30) else { return [] }
        let rows = try await sql.select().columns("id", "household_id", "name", "warranty_until").from("inventory_items")
            .where("deleted_at", .is, SQLLiteral.null).where("disposition", .is, SQLLiteral.null)
            .where("warranty_until", .greaterThanOrEqual, days.lowerBound.description).where("warranty_until", .lessThanOrEqual, horizon.description)
            .orderBy("warranty_until").orderBy("name").all()
        let today = try await Self.householdDays(Set(try rows.map { try $0.decode(column: "household_id", as: UUID.self) }), now: now, on: sql)
        var due: [Key: [WarrantyReminders.Item]] = [:]
        var order: [Key] = []
        for row in rows {
            let household = try row.decode(column: "household_id", as: UUID.self)
            guard let end = CalendarDate(iso: try row.decode(column: "warranty_until", as: String.self)), let day = today[household],
                  let window = WarrantyReminders.reminder(endingOn: end, today: day) else { continue }
            let key = Key(householdId: household, window: window)
            if due[key] == nil { order.append(key) }
            due[key, default: []].append(.init(id: try row.decode(column: "id", as: UUID.self),
                                               name: try row.decode(column: "name", as: String.self), endsOn: end))
        }
        let sent = try await sentReminders(for: due.values.flatMap { $0 }.map(\.id))
        return order.compactMap { key in
            let items = due[key]!.filter { !sent.contains(Self.reminderName(window: key.window, endsOn: $0.endsOn, itemId: $0.id)) }
            return items.isEmpty ? nil : (key.householdId, key.window, items)
        }
    }

    /// Marks the reminders of `items` sent within the caller's transaction; answers the items this
    /// call marked (another server may have sent some meanwhile).
    public func claimWarrantyReminders(_ items: [WarrantyReminders.Item], window: Int, on db: any SQLDatabase) async throws -> [WarrantyReminders.Item] {
        var claimed: [WarrantyReminders.Item] = []
        for item in items {
            let inserted = try await db.insert(into: "push_reminders").columns("item_id", "reminder", "sent_at")
                .values(SQLBind(item.id), SQLBind("\(window):\(item.endsOn)"), SQLBind(clock.now))
                .ignoringConflicts(with: ["item_id", "reminder"]).returning("item_id").all()
            if !inserted.isEmpty { claimed.append(item) }
        }
        return claimed
    }

    private struct Key: Hashable {
        let householdId: UUID
        let window: Int
    }

    private static func reminderName(window: Int, endsOn: CalendarDate, itemId: UUID) -> String {
        "\(itemId.text)|\(window):\(endsOn)"
    }

    private func sentReminders(for itemIds: [UUID]) async throws -> Set<String> {
        guard !itemIds.isEmpty else { return [] }
        var sent = Set<String>()
        for start in stride(from: 0, to: itemIds.count, by: 1000) {
            let chunk = Array(itemIds[start..<min(start + 1000, itemIds.count)])
            for row in try await sql.select().columns("item_id", "reminder").from("push_reminders").where("item_id", isOneOf: chunk, on: sql).all() {
                sent.insert("\(try row.decode(column: "item_id", as: UUID.self).text)|\(try row.decode(column: "reminder", as: String.self))")
            }
        }
        return sent
    }
}
