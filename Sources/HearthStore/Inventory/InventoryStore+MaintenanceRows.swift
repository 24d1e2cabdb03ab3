import Foundation
import HearthCore
import SQLKit

/// Maintenance tasks and log entries as rows: their columns, reading and writing them.
extension InventoryStore {
    static let taskColumns = ["id", "item_id", "title", "every_count", "every_unit", "due_on", "note", "created_at", "updated_at"]
    static let entryColumns = ["id", "item_id", "task_id", "title", "done_on", "cost", "cost_currency", "note", "created_at"]

    /// Refuses an item in Recently deleted (410) or not the household's (404).
    static func requireLiveItem(_ itemId: UUID, householdId: UUID, on db: any SQLDatabase) async throws {
        guard try await item(id: itemId, householdId: householdId, includingDeleted: false, on: db) != nil else {
            throw try await missing(itemId, householdId, on: db)
        }
    }

    static func task(id: UUID, householdId: UUID, on db: any SQLDatabase) async throws -> MaintenanceTask {
        guard let row = try await db.select().columns(taskColumns).from("maintenance_tasks").where("id", .equal, id)
            .where("household_id", .equal, householdId).first() else { throw InventoryError.maintenanceNotFound }
        return try task(from: row)
    }

    /// The latest day a task was done, by its log.
    static func lastDone(taskId: UUID, on db: any SQLDatabase) async throws -> CalendarDate? {
        try await db.select().column(SQLFunction("MAX", args: SQLColumn("done_on")), as: "last").from("maintenance_log")
            .where("task_id", .equal, taskId).first()?.decode(column: "last", as: String?.self).flatMap(CalendarDate.init(iso:))
    }

    static func insert(_ task: MaintenanceTask, householdId: UUID, on db: any SQLDatabase) async throws {
        try await db.insert(into: "maintenance_tasks")
            .columns("id", "household_id", "item_id", "title", "every_count", "every_unit", "due_on", "note", "created_at", "updated_at")
            .values(SQLBind(task.id), SQLBind(householdId), SQLBind(task.itemId), SQLBind(task.title), SQLBind(task.interval?.count),
                    SQLBind(task.interval?.unit.rawValue), SQLBind(task.dueOn?.description), SQLBind(task.note), SQLBind(task.createdAt),
                    SQLBind(task.updatedAt))
            .run()
    }

    static func insert(_ entry: MaintenanceEntry, householdId: UUID, on db: any SQLDatabase) async throws {
        try await db.insert(into: "maintenance_log")
            .columns("id", "household_id", "item_id", "task_id", "title", "done_on", "cost", "cost_currency", "note", "created_at")
            .values(SQLBind(entry.id), SQLBind(householdId), SQLBind(entry.itemId), SQLBind(entry.taskId), SQLBind(entry.title),
                    SQLBind(entry.doneOn.description), SQLBind(entry.cost?.amount), SQLBind(entry.cost?.currency), SQLBind(entry.note),
                    SQLBind(entry.createdAt))
            .run()
    }

    static func task(from row: any SQLRow) throws -> MaintenanceTask {
        let count = try row.decode(column: "every_count", as: Int?.self)
        let unit = try row.decode(column: "every_unit", as: String?.self).flatMap(MaintenanceInterval.Unit.init(rawValue:))
        return MaintenanceTask(
            id: try row.decode(column: "id", as: UUID.self), itemId: try row.decode(column: "item_id", as: UUID.self),
            title: try row.decode(column: "title", as: String.self),
            interval: count.flatMap { count in unit.map { MaintenanceInterval(count: count, unit: $0) } },
            dueOn: try row.decode(column: "due_on", as: String?.self).flatMap(CalendarDate.init(iso:)),
            note: try row.decode(column: "note", as: String?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }

    static func entry(from row: any SQLRow) throws -> MaintenanceEntry {
        let cost = try row.decode(column: "cost", as: Int?.self).flatMap { amount in
            try row.decode(column: "cost_currency", as: String?.self).map { Money(amount: amount, currency: $0) }
        }
        return MaintenanceEntry(
            id: try row.decode(column: "id", as: UUID.self), itemId: try row.decode(column: "item_id", as: UUID.self),
            taskId: try row.decode(column: "task_id", as: UUID?.self), title: try row.decode(column: "title", as: String.self),
            doneOn: CalendarDate(iso: try row.decode(column: "done_on", as: String.self)) ?? CalendarDate(year: 1970, month: 1, day: 1)!,
            cost: cost, note: try row.decode(column: "note", as: String?.self), createdAt: try row.decode(column: "created_at", as: Date.self))
    }

}
