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
        let candidates = try rows.compactMap { row -> ReminderCandidate<MaintenanceReminders.Task>? in
            let household = try row.decode(column: "household_id", as: UUID.self)
            guard let dueOn = CalendarDate(iso: try row.decode(column: "due_on", as: String.self)), let day = today[household],
                  dueOn >= day.adding(days: -MaintenanceReminders.overdueDays) ?? day,
                  let window = MaintenanceReminders.reminder(dueOn: dueOn, today: day) else { return nil }
            let task = MaintenanceReminders.Task(id: try row.decode(column: "id", as: UUID.self), itemId: try row.decode(column: "item_id", as: UUID.self),
                                                 itemName: try row.decode(column: "item_name", as: String.self),
                                                 title: try row.decode(column: "title", as: String.self), dueOn: dueOn)
            return ReminderCandidate(householdId: household, window: window, itemId: task.itemId, name: Self.reminderName(window: window, task: task),
                                     value: task)
        }
        return try await unsent(candidates).map { ($0.householdId, $0.window, $0.values) }
    }

    /// Marks the reminders of `tasks` sent within the caller's transaction; answers the tasks this
    /// call marked (another server may have sent some meanwhile).
    public func claimMaintenanceReminders(_ tasks: [MaintenanceReminders.Task], window: Int, on db: any SQLDatabase) async throws -> [MaintenanceReminders.Task] {
        try await claim(tasks, on: db) { ($0.itemId, Self.reminderName(window: window, task: $0)) }
    }

    /// "maintenance:<task>:<window>:<due day>", unique within its item.
    private static func reminderName(window: Int, task: MaintenanceReminders.Task) -> String {
        "maintenance:\(task.id.text):\(window):\(task.dueOn)"
    }
}
