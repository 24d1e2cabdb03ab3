import Foundation
import HearthCore

/// A maintenance task as the item page and the inventory home show it.
struct MaintenanceRow: Sendable {
    let id: String
    let itemId: String
    let itemName: String
    let title: String
    /// "Every 6 months", "Once".
    let schedule: String
    /// "Due in 5 days · Mar 3, 2027", "3 days overdue · …", "Done".
    let status: String
    let overdue: Bool
    let done: Bool
    let note: String?

    init(_ task: MaintenanceTask, itemName: String, today: CalendarDate) {
        id = task.id.text
        itemId = task.itemId.text
        self.itemName = itemName
        title = task.title
        schedule = task.interval.map { $0.description.prefix(1).uppercased() + $0.description.dropFirst() } ?? "Once"
        let standing = task.status(today: today)
        let description = standing.description
        status = (description.prefix(1).uppercased() + description.dropFirst()) + (task.dueOn.map { " · \(InventoryFormat.date($0))" } ?? "")
        if case .overdue = standing { overdue = true } else { overdue = false }
        done = standing == .done
        note = task.note
    }
}

/// An entry of an item's maintenance log.
struct MaintenanceLogRow: Sendable {
    let id: String
    let date: String
    let title: String
    let cost: String?
    let note: String?

    init(_ entry: MaintenanceEntry) {
        id = entry.id.text
        date = InventoryFormat.date(entry.doneOn)
        title = entry.title
        cost = entry.cost?.formatted
        note = entry.note
    }
}

/// The maintenance card of an item's page: its tasks with "Done", its log, and the forms to add to both.
struct MaintenanceSection: Sendable {
    let tasks: [MaintenanceRow]
    let log: [MaintenanceLogRow]
    let hasTasks: Bool
    let hasLog: Bool
    /// Today as date inputs take it.
    let today: String
    let currency: String
    let units: [SelectOption]

    init(tasks: [MaintenanceTask], log: [MaintenanceEntry], itemName: String, currency: String, today: CalendarDate) {
        self.tasks = tasks.map { MaintenanceRow($0, itemName: itemName, today: today) }
        self.log = log.map(MaintenanceLogRow.init)
        hasTasks = !tasks.isEmpty
        hasLog = !log.isEmpty
        self.today = today.description
        self.currency = currency
        units = SelectOption.list([("once", "Once, on the due date"), ("days", "Days"), ("months", "Months"), ("years", "Years")], selected: "months")
    }
}
