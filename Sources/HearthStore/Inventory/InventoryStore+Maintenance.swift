import Foundation
import HearthCore
import SQLKit

/// Maintenance tasks on items and the log of what was done. A task's next due day is stored, so
/// what is due is one indexed query; logging a task done moves it on from the latest day it was done.
extension InventoryStore {
    /// A task with the item it is on: what the inventory home and the API's due list show.
    public struct DueMaintenance: Sendable, Equatable {
        public var task: MaintenanceTask
        public var itemName: String
        public var assetId: AssetID?
    }

    /// A log entry with its item, for the CSV.
    public struct LoggedMaintenance: Sendable, Equatable {
        public var entry: MaintenanceEntry
        public var itemName: String
        public var assetId: AssetID?
    }

    /// What changes in a task: nil leaves a field as it is, `.some(nil)` clears it.
    public struct MaintenanceTaskChange: Sendable {
        public var title: String?
        public var interval: MaintenanceInterval??
        public var dueOn: CalendarDate??
        public var note: String??

        public init(title: String? = nil, interval: MaintenanceInterval?? = nil, dueOn: CalendarDate?? = nil, note: String?? = nil) {
            self.title = title
            self.interval = interval
            self.dueOn = dueOn
            self.note = note
        }
    }

    /// An item's tasks (due first, then done ones) and its log (latest first); also of an item in Recently deleted.
    public func maintenance(itemId: UUID, householdId: UUID) async throws -> (tasks: [MaintenanceTask], log: [MaintenanceEntry]) {
        guard try await item(id: itemId, householdId: householdId, includingDeleted: true) != nil else { throw InventoryError.itemNotFound }
        let tasks = try await sql.select().columns(Self.taskColumns).from("maintenance_tasks").where("item_id", .equal, itemId)
            .where("household_id", .equal, householdId).orderBy("created_at").orderBy("id").all().map { try Self.task(from: $0) }
        let log = try await sql.select().columns(Self.entryColumns).from("maintenance_log").where("item_id", .equal, itemId)
            .where("household_id", .equal, householdId).orderBy("done_on", .descending).orderBy("created_at", .descending).all().map { try Self.entry(from: $0) }
        // Due ones soonest first, then the ones done once and done.
        let due = tasks.filter { $0.dueOn != nil }.sorted { ($0.dueOn!, $0.title) < ($1.dueOn!, $1.title) }
        return (due + tasks.filter { $0.dueOn == nil }, log)
    }

    public func maintenanceTask(id: UUID, householdId: UUID) async throws -> MaintenanceTask {
        try await Self.task(id: id, householdId: householdId, on: sql)
    }

    /// The item an entry of the log is of, if the entry is the household's.
    public func maintenanceEntryItem(id: UUID, householdId: UUID) async throws -> UUID? {
        try await sql.select().column("item_id").from("maintenance_log").where("id", .equal, id).where("household_id", .equal, householdId)
            .first()?.decode(column: "item_id", as: UUID.self)
    }

    /// Adds a task to an item outside Recently deleted. A repeating task without a due day is due
    /// one interval from `today`; a task done once needs its day. A client may choose the id:
    /// sending the same request again answers the task it made the first time (`created` false).
    public func createMaintenanceTask(id: UUID? = nil, itemId: UUID, householdId: UUID, title: String, interval: MaintenanceInterval?,
                                      dueOn: CalendarDate?, note: String?, today: CalendarDate) async throws -> (task: MaintenanceTask, created: Bool) {
        try await database.transaction { db in
            // The item first: another household's id is not found, whatever the task says.
            try await Self.requireLiveItem(itemId, householdId: householdId, on: db)
            if let id, try await Self.owner(table: "maintenance_tasks", id: id, on: db) != nil {
                let made = try? await Self.task(id: id, householdId: householdId, on: db)
                guard let made, made.itemId == itemId else { throw InventoryError.idConflict }
                return (made, false)
            }
            let clean = try MaintenanceRules.task(title: title, interval: interval, dueOn: dueOn, note: note)
            guard let due = clean.dueOn ?? clean.interval?.next(after: today) else {
                throw InventoryError.invalidMaintenance("A task done once needs the day it is due; give a day, or how often it repeats.")
            }
            let count = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from("maintenance_tasks")
                .where("item_id", .equal, itemId).first()?.decode(column: "count", as: Int.self) ?? 0
            guard count < MaintenanceRules.maximumTasksPerItem else {
                throw InventoryError.invalidMaintenance("An item may have at most \(MaintenanceRules.maximumTasksPerItem) maintenance tasks.")
            }
            let now = clock.now
            let task = MaintenanceTask(id: id ?? ids.next(), itemId: itemId, title: clean.title, interval: clean.interval, dueOn: due,
                                       note: clean.note, createdAt: now, updatedAt: now)
            try await Self.insert(task, householdId: householdId, on: db)
            return (task, true)
        }
    }

    /// Changes a task. A repeating task left without a due day is due one interval after it was last done (or from `today`).
    public func updateMaintenanceTask(id: UUID, householdId: UUID, _ change: MaintenanceTaskChange, today: CalendarDate) async throws -> MaintenanceTask {
        try await database.transaction { db in
            var task = try await Self.task(id: id, householdId: householdId, on: db)
            try await Self.requireLiveItem(task.itemId, householdId: householdId, on: db)
            if let title = change.title { task.title = title }
            if let interval = change.interval { task.interval = interval }
            if let dueOn = change.dueOn { task.dueOn = dueOn }
            if let note = change.note { task.note = note }
            let clean = try MaintenanceRules.task(title: task.title, interval: task.interval, dueOn: task.dueOn, note: task.note)
            (task.title, task.interval, task.note) = (clean.title, clean.interval, clean.note)
            if task.dueOn == nil, let interval = task.interval {
                task.dueOn = interval.next(after: try await Self.lastDone(taskId: id, on: db) ?? today)
            }
            task.updatedAt = clock.now
            try await db.update("maintenance_tasks").set("title", to: task.title)
                .set("every_count", to: SQLBind(task.interval?.count)).set("every_unit", to: SQLBind(task.interval?.unit.rawValue))
                .set("due_on", to: SQLBind(task.dueOn?.description)).set("note", to: SQLBind(task.note)).set("updated_at", to: task.updatedAt)
                .where("id", .equal, id).run()
            return task
        }
    }

    /// Deletes a task (its log stays); answers its item.
    @discardableResult
    public func deleteMaintenanceTask(id: UUID, householdId: UUID) async throws -> UUID {
        let itemId = try await maintenanceTask(id: id, householdId: householdId).itemId
        try await Self.requireLiveItem(itemId, householdId: householdId, on: sql)
        guard try await sql.delete(from: "maintenance_tasks").where("id", .equal, id).where("household_id", .equal, householdId)
            .runCounting() > 0 else { throw InventoryError.maintenanceNotFound }
        return itemId
    }

    /// Logs something done to an item outside Recently deleted. Done for a task, it takes the
    /// task's title unless given one, and moves the task on: a repeating one is next due an interval
    /// after the latest day it was done, one done once is due no more. A client may choose the id:
    /// sending it again answers the entry made the first time (`created` false) and moves nothing on.
    public func logMaintenance(id: UUID? = nil, itemId: UUID, householdId: UUID, taskId: UUID?, title: String?, doneOn: CalendarDate,
                               cost: Money?, note: String?, today: CalendarDate) async throws -> (entry: MaintenanceEntry, created: Bool) {
        try await database.transaction { db in
            try await Self.requireLiveItem(itemId, householdId: householdId, on: db)
            if let id, try await Self.owner(table: "maintenance_log", id: id, on: db) != nil {
                let row = try await db.select().columns(Self.entryColumns).from("maintenance_log").where("id", .equal, id)
                    .where("household_id", .equal, householdId).where("item_id", .equal, itemId).first()
                guard let row else { throw InventoryError.idConflict }
                return (try Self.entry(from: row), false)
            }
            var task: MaintenanceTask?
            if let taskId {
                task = try await Self.task(id: taskId, householdId: householdId, on: db)
                guard task?.itemId == itemId else { throw InventoryError.maintenanceNotFound }
            }
            let clean = try MaintenanceRules.entry(title: title?.nilIfEmpty ?? task?.title, doneOn: doneOn, cost: cost, note: note, today: today)
            let entry = MaintenanceEntry(id: id ?? ids.next(), itemId: itemId, taskId: taskId, title: clean.title, doneOn: doneOn,
                                         cost: clean.cost, note: clean.note, createdAt: clock.now)
            try await Self.insert(entry, householdId: householdId, on: db)
            if let task {
                let latest = try await Self.lastDone(taskId: task.id, on: db) ?? doneOn
                try await db.update("maintenance_tasks").set("due_on", to: SQLBind(task.dueAfter(lastDone: latest)?.description))
                    .set("updated_at", to: clock.now).where("id", .equal, task.id).run()
            }
            return (entry, true)
        }
    }

    /// Removes an entry of the log (its task's due day stays as it is: change it on the task); answers its item.
    @discardableResult
    public func deleteMaintenanceEntry(id: UUID, householdId: UUID) async throws -> UUID {
        guard let itemId = try await maintenanceEntryItem(id: id, householdId: householdId) else { throw InventoryError.maintenanceNotFound }
        try await Self.requireLiveItem(itemId, householdId: householdId, on: sql)
        guard try await sql.delete(from: "maintenance_log").where("id", .equal, id).where("household_id", .equal, householdId).runCounting() > 0
        else { throw InventoryError.maintenanceNotFound }
        return itemId
    }

    /// The tasks due by `through` (overdue ones too), soonest first, of items outside Recently
    /// deleted that the household still has; at most `limit`.
    public func dueMaintenance(householdId: UUID, through: CalendarDate, limit: Int = 200) async throws -> [DueMaintenance] {
        try await sql.select().columns(Self.taskColumns.map { SQLColumn($0, table: "maintenance_tasks") })
            .column(SQLColumn("name", table: "inventory_items"), as: "item_name").column(SQLColumn("asset_id", table: "inventory_items"))
            .from("maintenance_tasks").join("inventory_items", on: SQLColumn("item_id", table: "maintenance_tasks"), .equal, SQLColumn("id", table: "inventory_items"))
            .where(SQLColumn("household_id", table: "maintenance_tasks"), .equal, SQLBind(householdId))
            .where(SQLColumn("due_on", table: "maintenance_tasks"), .isNot, SQLLiteral.null)
            .where(SQLColumn("due_on", table: "maintenance_tasks"), .lessThanOrEqual, SQLBind(through.description))
            .where(SQLColumn("deleted_at", table: "inventory_items"), .is, SQLLiteral.null)
            .where(SQLColumn("disposition", table: "inventory_items"), .is, SQLLiteral.null)
            .orderBy(SQLColumn("due_on", table: "maintenance_tasks")).orderBy(SQLColumn("title", table: "maintenance_tasks"))
            .limit(limit).all()
            .map { row in
                DueMaintenance(task: try Self.task(from: row), itemName: try row.decode(column: "item_name", as: String.self),
                               assetId: try Self.assetId(from: row))
            }
    }

    /// The household's whole log, latest first, with each entry's item (also sold and given-away ones, not ones in Recently deleted).
    public func maintenanceLog(householdId: UUID) async throws -> [LoggedMaintenance] {
        try await sql.select().columns(Self.entryColumns.map { SQLColumn($0, table: "maintenance_log") })
            .column(SQLColumn("name", table: "inventory_items"), as: "item_name").column(SQLColumn("asset_id", table: "inventory_items"))
            .from("maintenance_log").join("inventory_items", on: SQLColumn("item_id", table: "maintenance_log"), .equal, SQLColumn("id", table: "inventory_items"))
            .where(SQLColumn("household_id", table: "maintenance_log"), .equal, SQLBind(householdId))
            .where(SQLColumn("deleted_at", table: "inventory_items"), .is, SQLLiteral.null)
            .orderBy(SQLColumn("done_on", table: "maintenance_log"), SQLDirection.descending)
            .orderBy(SQLColumn("created_at", table: "maintenance_log"), SQLDirection.descending)
            .all()
            .map { row in
                LoggedMaintenance(entry: try Self.entry(from: row), itemName: try row.decode(column: "item_name", as: String.self),
                                  assetId: try Self.assetId(from: row))
            }
    }
}
