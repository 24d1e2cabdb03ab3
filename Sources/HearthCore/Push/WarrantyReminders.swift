import Foundation

/// Reminders before warranties end, as a household needs them to claim a repair in time: one 30
/// days before and one 7 days before each item's warranty ends, once each. The items of one look
/// that end in the same window go out as one notification, not one each.
public enum WarrantyReminders {
    /// An item whose warranty ends soon.
    public struct Item: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var endsOn: CalendarDate

        public init(id: UUID, name: String, endsOn: CalendarDate) {
            self.id = id
            self.name = name
            self.endsOn = endsOn
        }
    }

    /// The windows, from the widest: a warranty ending within 7 days gets only the 7-day reminder.
    public static let days = [30, 7]

    /// The reminder an item's warranty is due for `today` (30 or 7), or nil when none is (it ends
    /// more than 30 days away, or has ended).
    public static func reminder(endingOn end: CalendarDate, today: CalendarDate) -> Int? {
        let left = today.days(until: end)
        guard left >= 0 else { return nil }
        return days.last { left <= $0 }
    }

    /// What a reminder of `window` days pushes for `items`, in the order given.
    public static func notification(window: Int, items: [Item]) -> PushNotification {
        let title = items.count == 1 ? "A warranty ends within \(window) days" : "\(items.count) warranties end within \(window) days"
        let names = items.prefix(3).map(\.name)
        let more = items.count > 3 ? " and \(items.count - 3) more" : ""
        let body = items.count == 1
            ? "\(items[0].name): the warranty ends on \(items[0].endsOn). Check it works while it is covered."
            : "\(names.joined(separator: ", "))\(more)."
        return PushNotification(kind: .warranty, title: title, body: body, tag: "warranty-\(window)", url: "/inventory?warranty=1")
    }
}
