import Foundation
import HearthCore
import SQLKit

/// Maintenance reminders: which are due, and claiming each once. They share warranty reminders'
/// table (a row per item and reminder); a reminder names its task, window and due day, so a task
/// moved on to a new due day is reminded of again.
extension PushStore {
    /// The reminders due `today` and not sent yet, by household and window. A task overdue for more
    /// than ``MaintenanceReminders/overdueDays`` is not looked at any more: it was reminded of when it
    /// came due (or was made overdue long ago), and the inventory home lists it.
    public func dueMaintenanceReminders(now: Date) async throws -> [(householdId: UUID, window: Int, tasks: [MaintenanceReminders.Task])] {
        let days = Self.possibleDays(now: now)
        guard let horizon = days.upperBound.adding(days: MaintenanceReminders.days.max() ?? 7),
              let oldest = days.lowerBound.adding(days: -MaintenanceReminders.overdueDays) else { return [] }
        let rows = try await sql.select()
            .column(SQLColumn("id", table: "maintenance_tasks")).column(SQLColumn("household_id", table: "maintenance_tasks"))
            .column(SQLColumn("item_id", table: "maintenance_tasks")).column(SQLColumn("title", table: "maintenance_tasks"))
            .column(SQLColumn("due_on", table: "maintenance_tasks")).column(SQLColumn("name", table: "inventory_items"), as: "item_name")
            .from("maintenance_tasks").join("inventory_items", on: SQLColumn("item_id", table: "maintenance_tasks"), .equal, SQLColumn("id", table: "inventory_items"))
            .where(SQLColumn("due_on", table: "maintenance_tasks"), .isNot, SQLLiteral.null)
            .where(SQLColumn("due_on", table: "maintenance_tasks"), .lessThanOrEqual, SQLBind(horizon.description))
            .where(SQLColumn("due_on", table: "maintenance_tasks"), .greaterThanOrEqual, SQLBind(oldest.description))
            .where(SQLColumn("deleted_at", table: "inventory_items"), .is, SQLLiteral.null)
            .where(SQLColumn("disposition", table: "inventory_items"), .is, SQLLiteral.null)
            .orderBy(SQLColumn("due_on", table: "maintenance_tasks")).orderBy(SQLColumn("title", table: "maintenance_tasks")).all()
        let today = try await Self.householdDays(Set(try rows.map { try $0.decode(column: "household_id", as: UUID.self) }), now: now, on: sql)
        var due: [HouseholdWindow: [MaintenanceReminders.Task]] = [:]
        var order: [HouseholdWindow] = []
        for row in rows {
            let household = try row.decode(column: "household_id", as: UUID.self)
            guard let dueOn = CalendarDate(iso: try row.decode(column: "due_on", as: String.self)), let day = today[household],
                  dueOn >= day.adding(days: -MaintenanceReminders.overdueDays) ?? day,
                  let window = MaintenanceReminders.reminder(dueOn: dueOn, today: day) else { continue }
            let key = HouseholdWindow(householdId: household, window: window)
            if due[key] == nil { order.append(key) }
            due[key, default: []].append(.init(id: try row.decode(column: "id", as: UUID.self), itemId: try row.decode(column: "item_id", as: UUID.self),
                                               itemName: try row.decode(column: "item_name", as: String.self),
                                               title: try row.decode(column: "title", as: String.self), dueOn: dueOn))
        }
        let sent = try await sentMaintenanceReminders(for: due.values.flatMap { $0 }.map(\.itemId))
        return order.compactMap { key in
            let tasks = due[key]!.filter { !sent.contains(Self.reminder(window: key.window, task: $0)) }
            return tasks.isEmpty ? nil : (key.householdId, key.window, tasks)
        }
    }

    /// Marks the reminders of `tasks` sent within the caller's transaction; answers the tasks this
    /// call marked (another server may have sent some meanwhile).
    public func claimMaintenanceReminders(_ tasks: [MaintenanceReminders.Task], window: Int, on db: any SQLDatabase) async throws -> [MaintenanceReminders.Task] {
        var claimed: [MaintenanceReminders.Task] = []
        for task in tasks {
            let inserted = try await db.insert(into: "push_reminders").columns("item_id", "reminder", "sent_at")
                .values(SQLBind(task.itemId), SQLBind(Self.reminder(window: window, task: task)), SQLBind(clock.now))
                .ignoringConflicts(with: ["item_id", "reminder"]).returning("item_id").all()
            if !inserted.isEmpty { claimed.append(task) }
        }
        return claimed
    }

    private struct HouseholdWindow: Hashable {
        let householdId: UUID
        let window: Int
    }

    /// "maintenance:<task>:<window>:<due day>", unique within its item.
    private static func reminder(window: Int, task: MaintenanceReminders.Task) -> String {
        "maintenance:\(task.id.text):\(window):\(task.dueOn)"
    }

    private func sentMaintenanceReminders(for itemIds: [UUID]) async throws -> Set<String> {
        var sent = Set<String>()
        for chunk in Array(Set(itemIds)).chunks(of: 1000) {
            for row in try await sql.select().column("reminder").from("push_reminders").where("item_id", isOneOf: chunk, on: sql)
                .where("reminder", .like, "maintenance:%").all() {
                sent.insert(try row.decode(column: "reminder", as: String.self))
            }
        }
        return sent
    }
}
