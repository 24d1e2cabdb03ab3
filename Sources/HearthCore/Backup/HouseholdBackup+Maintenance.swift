import Foundation

extension HouseholdBackup {
    /// The items' maintenance tasks and the log of what was done, each naming its item by the backup's id.
    public struct Maintenance: Codable, Sendable, Equatable {
        public var tasks: [Task]
        public var log: [Entry]

        public init(tasks: [Task], log: [Entry]) {
            self.tasks = tasks
            self.log = log
        }

        public struct Task: Codable, Sendable, Equatable {
            public var id: UUID
            public var itemId: UUID
            public var title: String
            public var every: MaintenanceInterval?
            public var dueOn: CalendarDate?
            public var note: String?
            public var createdAt: Date
            public var updatedAt: Date

            public init(_ task: MaintenanceTask) {
                id = task.id
                itemId = task.itemId
                title = task.title
                every = task.interval
                dueOn = task.dueOn
                note = task.note
                createdAt = task.createdAt
                updatedAt = task.updatedAt
            }

            /// The task, checked by the rules of the API.
            public var task: MaintenanceTask {
                get throws(InventoryError) {
                    let clean = try MaintenanceRules.task(title: title, interval: every, dueOn: dueOn, note: note)
                    return MaintenanceTask(id: id, itemId: itemId, title: clean.title, interval: clean.interval, dueOn: clean.dueOn,
                                           note: clean.note, createdAt: createdAt, updatedAt: updatedAt)
                }
            }
        }

        public struct Entry: Codable, Sendable, Equatable {
            public var id: UUID
            public var itemId: UUID
            public var taskId: UUID?
            public var title: String
            public var doneOn: CalendarDate
            public var cost: Money?
            public var note: String?
            public var createdAt: Date

            public init(_ entry: MaintenanceEntry) {
                id = entry.id
                itemId = entry.itemId
                taskId = entry.taskId
                title = entry.title
                doneOn = entry.doneOn
                cost = entry.cost
                note = entry.note
                createdAt = entry.createdAt
            }

            /// The entry, checked by the rules of the API.
            public var entry: MaintenanceEntry {
                get throws(InventoryError) {
                    let clean = try MaintenanceRules.entry(title: title, doneOn: doneOn, cost: cost, note: note, today: nil)
                    return MaintenanceEntry(id: id, itemId: itemId, taskId: taskId, title: clean.title, doneOn: doneOn, cost: clean.cost,
                                            note: clean.note, createdAt: createdAt)
                }
            }
        }
    }
}
