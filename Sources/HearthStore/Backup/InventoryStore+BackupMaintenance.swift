import Foundation
import HearthCore
import SQLKit

/// Maintenance in backups: every task and log entry of the household's items, and restoring them
/// onto the restored items (a merge adds the ones the household has not).
extension InventoryStore {
    static func backupMaintenance(householdId: UUID, on db: any SQLDatabase) async throws -> HouseholdBackup.Maintenance {
        let tasks = try await db.select().columns(taskColumns).from("maintenance_tasks").where("household_id", .equal, householdId)
            .orderBy("created_at").orderBy("id").all().map { HouseholdBackup.Maintenance.Task(try task(from: $0)) }
        let log = try await db.select().columns(entryColumns).from("maintenance_log").where("household_id", .equal, householdId)
            .orderBy("done_on").orderBy("created_at").orderBy("id").all().map { HouseholdBackup.Maintenance.Entry(try entry(from: $0)) }
        return HouseholdBackup.Maintenance(tasks: tasks, log: log)
    }

    /// Writes the backup's tasks and log onto the items restored (`itemIds`: the backup's item ids to
    /// the household's). A replace cleared the old ones with their items; a merge skips what the
    /// household has. A task or entry whose id another household holds gets a new one.
    static func restoreMaintenance(_ maintenance: HouseholdBackup.Maintenance, householdId: UUID,
                                   itemIds: [UUID: UUID], write: Bool, ids: IDGenerator, on db: any SQLDatabase) async throws {
        var tasks: [MaintenanceTask] = [], entries: [MaintenanceEntry] = []
        do {
            tasks = try maintenance.tasks.map { try $0.task }
            entries = try maintenance.log.map { try $0.entry }
        } catch let error as InventoryError {
            throw BackupError.invalidRecord("a maintenance task or log entry: \(error.message)")
        }
        let perItem = Dictionary(grouping: tasks, by: \.itemId)
        if let crowded = perItem.first(where: { $0.value.count > MaintenanceRules.maximumTasksPerItem }) {
            throw BackupError.invalidRecord("item \(crowded.key.text) has \(crowded.value.count) maintenance tasks; an item may have \(MaintenanceRules.maximumTasksPerItem)")
        }
        // An entry names a task of its own item, or none.
        let taskItems = Dictionary(tasks.map { ($0.id, $0.itemId) }, uniquingKeysWith: { first, _ in first })
        guard write else { return }
        let owners = try await owners(of: [("maintenance_tasks", tasks.map(\.id)), ("maintenance_log", entries.map(\.id))], on: db)
        var taskIds: [UUID: UUID] = [:]
        for var task in tasks {
            guard let itemId = itemIds[task.itemId] else { continue }
            if let owner = owners[task.id] {
                if owner == householdId { taskIds[task.id] = task.id; continue }
                taskIds[task.id] = ids.next()
            } else {
                taskIds[task.id] = task.id
            }
            task.id = taskIds[task.id]!
            task.itemId = itemId
            try await insert(task, householdId: householdId, on: db)
        }
        for var entry in entries {
            guard let itemId = itemIds[entry.itemId] else { continue }
            if let owner = owners[entry.id] {
                if owner == householdId { continue }
                entry.id = ids.next()
            }
            entry.taskId = entry.taskId.flatMap { taskItems[$0] == entry.itemId ? taskIds[$0] : nil }
            entry.itemId = itemId
            try await insert(entry, householdId: householdId, on: db)
        }
    }
}
