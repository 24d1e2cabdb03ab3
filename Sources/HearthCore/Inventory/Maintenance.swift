import Foundation

/// How often a maintenance task comes back: every `count` days, months or years, counted from the
/// day it was last done ("Replace the fridge filter every 6 months").
public struct MaintenanceInterval: Sendable, Hashable, Codable {
    public enum Unit: String, Sendable, Codable, CaseIterable {
        case days, months, years
    }

    public var count: Int
    public var unit: Unit

    public init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// The largest count of each unit: ten years however it is written.
    public var maximumCount: Int {
        switch unit {
        case .days: 3650
        case .months: 120
        case .years: 10
        }
    }

    /// The interval, or why it is not one.
    public func validated() throws(InventoryError) -> MaintenanceInterval {
        guard (1...maximumCount).contains(count) else {
            throw .invalidMaintenance("A task repeats every 1 to \(maximumCount) \(unit.rawValue).")
        }
        return self
    }

    /// The day the task is due again when it was done on `date` (a month later than January 31 is
    /// the end of February); nil past the year 9999.
    public func next(after date: CalendarDate) -> CalendarDate? {
        switch unit {
        case .days: date.adding(days: count)
        case .months: date.adding(months: count)
        case .years: date.adding(months: count * 12)
        }
    }

    /// "every 6 months", "every year".
    public var description: String {
        count == 1 ? "every \(unit.rawValue.dropLast())" : "every \(count) \(unit.rawValue)"
    }
}

/// Something to do to an item, once on a date or again and again: "Service the boiler" every
/// year. `dueOn` is when it is next due; a task done once has none left once it is done.
public struct MaintenanceTask: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var itemId: UUID
    public var title: String
    /// Nil for a task done once.
    public var interval: MaintenanceInterval?
    public var dueOn: CalendarDate?
    public var note: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, itemId: UUID, title: String, interval: MaintenanceInterval?, dueOn: CalendarDate?, note: String?,
                createdAt: Date, updatedAt: Date) {
        self.id = id
        self.itemId = itemId
        self.title = title
        self.interval = interval
        self.dueOn = dueOn
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// When it is due after being done on `lastDone`, the latest day it was done: an interval later
    /// for a repeating task, never again for one done once.
    public func dueAfter(lastDone: CalendarDate) -> CalendarDate? {
        interval.flatMap { $0.next(after: lastDone) }
    }

    /// Where the task stands on `today`.
    public func status(today: CalendarDate) -> MaintenanceStatus {
        guard let dueOn else { return .done }
        let days = today.days(until: dueOn)
        return days < 0 ? .overdue(days: -days) : days <= MaintenanceStatus.soonDays ? .dueSoon(days: days) : .later(days: days)
    }
}

/// A task's standing on a day.
public enum MaintenanceStatus: Sendable, Equatable {
    /// How far ahead a task counts as due soon (on the inventory home).
    public static let soonDays = 14

    case overdue(days: Int)
    /// Due today (0) or within ``soonDays``.
    case dueSoon(days: Int)
    case later(days: Int)
    /// Done once, never due again.
    case done

    /// "3 days overdue", "due today", "due tomorrow", "due in 5 days", "done".
    public var description: String {
        switch self {
        case .overdue(let days): "\(days.counted(.day)) overdue"
        case .dueSoon(0): "due today"
        case .dueSoon(1): "due tomorrow"
        case .dueSoon(let days), .later(let days): "due in \(days.counted(.day))"
        case .done: "done"
        }
    }
}

/// One thing done to an item: the boiler serviced on a day, at a cost. Kept when its task is deleted.
public struct MaintenanceEntry: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var itemId: UUID
    /// The task it did, if any.
    public var taskId: UUID?
    public var title: String
    public var doneOn: CalendarDate
    public var cost: Money?
    public var note: String?
    public var createdAt: Date

    public init(id: UUID, itemId: UUID, taskId: UUID?, title: String, doneOn: CalendarDate, cost: Money?, note: String?, createdAt: Date) {
        self.id = id
        self.itemId = itemId
        self.taskId = taskId
        self.title = title
        self.doneOn = doneOn
        self.cost = cost
        self.note = note
        self.createdAt = createdAt
    }
}

/// What is checked in what people enter for maintenance, the same for the API, forms and restores.
public enum MaintenanceRules {
    public static let maximumTasksPerItem = 50
    public static let maximumNoteLength = 2000

    /// A task as entered, checked: a title, an interval within its range, a due date of a plausible year.
    public static func task(title: String?, interval: MaintenanceInterval?, dueOn: CalendarDate?, note: String?) throws(InventoryError)
        -> (title: String, interval: MaintenanceInterval?, dueOn: CalendarDate?, note: String?) {
        let title = try InventoryRules.text(title, field: "task", required: true)!
        let interval = try interval?.validated()
        try plausible(dueOn, field: "due date")
        return (title, interval, dueOn, try self.note(note))
    }

    /// An entry of the log as entered, checked; done no later than the day after `today` (a time
    /// zone ahead), when given: a year mistyped into the future would put its task off for decades.
    public static func entry(title: String?, doneOn: CalendarDate, cost: Money?, note: String?, today: CalendarDate?) throws(InventoryError)
        -> (title: String, cost: Money?, note: String?) {
        let title = try InventoryRules.text(title, field: "title of what was done", required: true)!
        try plausible(doneOn, field: "date it was done")
        if let today, let latest = today.adding(days: 1), doneOn > latest {
            throw .invalidMaintenance("The date it was done, \(doneOn), is in the future: log it once it is done.")
        }
        try InventoryRules.money(cost, field: "cost")
        return (title, cost, try self.note(note))
    }

    static func note(_ raw: String?) throws(InventoryError) -> String? {
        guard let raw else { return nil }
        do { return try TextRules.paragraphs(raw, maximumLength: maximumNoteLength).nilIfEmpty } catch {
            throw .invalidText(field: "note", reason: error.reason)
        }
    }

    /// Dates from 1900 to 2199: a year outside is a mistyped one.
    static func plausible(_ date: CalendarDate?, field: String) throws(InventoryError) {
        if let date, !(1900...2199).contains(date.year) {
            throw .invalidMaintenance("The \(field) \(date) is not plausible: check its year.")
        }
    }
}
