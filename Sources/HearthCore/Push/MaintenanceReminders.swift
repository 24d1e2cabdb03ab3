import Foundation

/// Reminders of maintenance: one a week before a task is due (time to book the service), one on
/// the day it is due (or when it is found overdue), once each per due date. The tasks of one
/// household in the same window go out as one notification.
public enum MaintenanceReminders {
    /// A task due soon, with its item's name.
    public struct Task: Sendable, Equatable {
        public var id: UUID
        public var itemId: UUID
        public var itemName: String
        public var title: String
        public var dueOn: CalendarDate

        public init(id: UUID, itemId: UUID, itemName: String, title: String, dueOn: CalendarDate) {
            self.id = id
            self.itemId = itemId
            self.itemName = itemName
            self.title = title
            self.dueOn = dueOn
        }
    }

    /// The windows, from the widest: 7 days ahead, and due (today or overdue).
    public static let days = [7, 0]
    /// How long overdue a task may be and still be reminded of once.
    public static let overdueDays = 30

    /// The reminder a task due on `dueOn` is due for `today` (7, or 0 once it is due), or nil when
    /// it is due more than a week away.
    public static func reminder(dueOn: CalendarDate, today: CalendarDate) -> Int? {
        let left = today.days(until: dueOn)
        return days.last { left <= $0 }
    }

    /// What a reminder of `window` days pushes for `tasks`, in the order given.
    public static func notification(window: Int, tasks: [Task]) -> PushNotification {
        let first = tasks[0]
        let title = switch (window, tasks.count) {
        case (0, 1): "Maintenance due: \(first.title)"
        case (0, let count): "\(count) maintenance tasks are due"
        case (_, 1): "Maintenance due on \(first.dueOn): \(first.title)"
        case (let window, let count): "\(count) maintenance tasks are due within \(window) days"
        }
        let more = tasks.count > 3 ? " and \(tasks.count - 3) more" : ""
        let body = tasks.count == 1
            ? "\(first.itemName): \(first.title), due on \(first.dueOn)."
            : tasks.prefix(3).map { "\($0.title) (\($0.itemName))" }.joined(separator: ", ") + "\(more)."
        let url = tasks.count == 1 ? "/inventory/items/\(first.itemId.text)#maintenance" : "/inventory#maintenance"
        return PushNotification(kind: .maintenance, title: title, body: body, tag: "maintenance-\(window)", url: url)
    }
}
