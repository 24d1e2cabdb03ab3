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
        let candidates = try rows.compactMap { row -> ReminderCandidate<WarrantyReminders.Item>? in
            let household = try row.decode(column: "household_id", as: UUID.self)
            guard let end = CalendarDate(iso: try row.decode(column: "warranty_until", as: String.self)), let day = today[household],
                  let window = WarrantyReminders.reminder(endingOn: end, today: day) else { return nil }
            let item = WarrantyReminders.Item(id: try row.decode(column: "id", as: UUID.self), name: try row.decode(column: "name", as: String.self),
                                              endsOn: end)
            return ReminderCandidate(householdId: household, window: window, itemId: item.id, name: Self.reminderName(window: window, endsOn: end),
                                     value: item)
        }
        return try await unsent(candidates).map { ($0.householdId, $0.window, $0.values) }
    }

    /// Marks the reminders of `items` sent within the caller's transaction; answers the items this
    /// call marked (another server may have sent some meanwhile).
    public func claimWarrantyReminders(_ items: [WarrantyReminders.Item], window: Int, on db: any SQLDatabase) async throws -> [WarrantyReminders.Item] {
        try await claim(items, on: db) { ($0.id, Self.reminderName(window: window, endsOn: $0.endsOn)) }
    }

    /// "30:2027-02-04": the window and the end date (a warranty extended is reminded of again).
    private static func reminderName(window: Int, endsOn: CalendarDate) -> String {
        "\(window):\(endsOn)"
    }
}
