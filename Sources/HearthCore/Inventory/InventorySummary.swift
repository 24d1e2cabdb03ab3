import Foundation

/// The household's inventory at a glance: what the inventory home and `hearth inventory` show.
public struct InventorySummary: Sendable, Equatable {
    /// Items (not pieces) outside Recently deleted.
    public var itemCount: Int
    /// Total value per currency (replacement value, else purchase price, times quantity), largest first.
    public var totals: [Money]
    public var documentedCount: Int
    /// The average documentation score of all items, 0…100 (100 for an empty inventory).
    public var score: Int
    public var missingPhotos: Int
    public var missingReceipts: Int
    public var missingValues: Int
    /// Warranties that end within ``warrantyHorizonDays`` days from today (and not before today).
    public var warrantiesEnding: Int
    public var byRoom: [GroupTotal]
    public var byCategory: [GroupTotal]
    /// The items to document next: the most value at risk first.
    public var fixNext: [FixNext]
    /// Items nobody has checked (nor added) in the last 12 months.
    public var unchecked = 0
    /// The last day anything was checked in the yearly check.
    public var lastChecked: CalendarDate?
    /// Whether ``score`` counts an unchecked item as 0 % (a household setting).
    public var checkCountsInScore = false

    public static let warrantyHorizonDays = 90

    /// The first day an item seen on it counts as checked `today`: 12 months back.
    public static func checkCutoff(today: CalendarDate) -> CalendarDate {
        today.adding(months: -12) ?? today
    }

    public init(itemCount: Int, totals: [Money], documentedCount: Int, score: Int, missingPhotos: Int, missingReceipts: Int,
                missingValues: Int, warrantiesEnding: Int, byRoom: [GroupTotal], byCategory: [GroupTotal], fixNext: [FixNext]) {
        self.itemCount = itemCount
        self.totals = totals
        self.documentedCount = documentedCount
        self.score = score
        self.missingPhotos = missingPhotos
        self.missingReceipts = missingReceipts
        self.missingValues = missingValues
        self.warrantiesEnding = warrantiesEnding
        self.byRoom = byRoom
        self.byCategory = byCategory
        self.fixNext = fixNext
    }

    /// The share of items that are documented, 0…1 (1 for an empty inventory: nothing is missing).
    public var documentedShare: Double { itemCount == 0 ? 1 : Double(documentedCount) / Double(itemCount) }
}

/// The items of one room or category (nil group: items without one).
public struct GroupTotal: Sendable, Equatable {
    public var group: InventoryGroup?
    public var itemCount: Int
    public var totals: [Money]
    public var documentedCount: Int
    /// Average documentation score of its items.
    public var score: Int

    public init(group: InventoryGroup?, itemCount: Int, totals: [Money], documentedCount: Int, score: Int) {
        self.group = group
        self.itemCount = itemCount
        self.totals = totals
        self.documentedCount = documentedCount
        self.score = score
    }
}

/// An item in the "fix next" queue.
public struct FixNext: Sendable, Equatable {
    public var item: InventoryItem
    /// The item's value times the share of the score it still lacks; nil when it has no value.
    public var valueAtRisk: Money?

    public init(item: InventoryItem, valueAtRisk: Money?) {
        self.item = item
        self.valueAtRisk = valueAtRisk
    }

    /// Value at risk: `value × (100 − score) / 100`, rounded down to a minor unit.
    public static func valueAtRisk(of item: InventoryItem) -> Money? {
        guard let value = item.value else { return nil }
        let missing = 100 - item.documentation.score
        return Money(amount: value.amount / 100 * missing + value.amount % 100 * missing / 100, currency: value.currency)
    }
}
