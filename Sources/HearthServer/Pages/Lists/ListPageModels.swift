import Foundation
import HearthCore

/// The lists as cards, in their order, with the form for a new one.
struct ListsIndexPage: Sendable {
    struct Card: Sendable {
        let id: String
        let name: String
        /// The list's emoji, or a cart.
        let emoji: String
        let progress: String
        let percent: Int
        let done: Bool
        /// The places a move up or down takes the list to; nil at either end.
        let up: Int?
        let down: Int?
    }

    struct Undo: Sendable {
        let id: String
        let name: String
    }

    let layout: Layout
    let cards: [Card]
    /// The list just moved to Recently deleted, offered back for one page view.
    let undo: Undo?
    let error: String?
    /// What the new-list form shows again after a refusal (named apart from the cards' fields,
    /// which Mustache would otherwise fall back to for a card without an emoji).
    let formName: String
    let formEmoji: String
    /// The sample household's list is here: the page offers to remove the sample.
    var hasSample = false

    init(layout: Layout, lists: [ListSummary], justDeleted: ShoppingList?, error: String?, formName: String, formEmoji: String) {
        self.layout = layout
        cards = lists.enumerated().map { index, summary in
            Card(id: summary.list.id.text, name: summary.list.name, emoji: summary.list.emoji ?? "🛒",
                 progress: Self.progress(summary), percent: summary.items == 0 ? 0 : summary.purchased * 100 / summary.items,
                 done: summary.items > 0 && summary.purchased == summary.items,
                 up: index == 0 ? nil : index, down: index == lists.count - 1 ? nil : index + 2)
        }
        undo = justDeleted.map { Undo(id: $0.id.text, name: $0.name) }
        self.error = error
        self.formName = formName
        self.formEmoji = formEmoji
    }

    static func progress(_ summary: ListSummary) -> String {
        switch summary.items {
        case 0: "Empty"
        case summary.purchased: "All \(summary.items) in the basket"
        default: "\(summary.items - summary.purchased) to buy · \(summary.purchased) of \(summary.items) in the basket"
        }
    }
}

/// One list; the browser renders the items from `listJSON` by aisle (the household's stores in
/// `storesJSON`; null on the offline shell, which reads its copy) and keeps them live.
struct ShoppingListPage: Sendable {
    struct Aisle: Sendable {
        let id: String
        let title: String
    }

    /// Another of the household's lists, in the desktop's pane beside this one.
    struct Neighbour: Sendable {
        let href: String
        let name: String
        let emoji: String
        /// "3 to buy", or "Done".
        let left: String
        let current: Bool
    }

    let layout: Layout
    let id: String
    let name: String
    let emoji: String
    let listJSON: String
    let storesJSON: String
    let userId: String
    let error: String?
    /// The household's lists, this one marked: a pane on a desktop, hidden on phones.
    var lists: [Neighbour] = [] { didSet { hasLists = !lists.isEmpty } }
    /// Mustache reads stored properties only.
    private(set) var hasLists = false

    static func neighbours(_ summaries: [ListSummary], current: UUID) -> [Neighbour] {
        summaries.map { summary in
            let left = summary.items - summary.purchased
            return Neighbour(href: "/lists/\(summary.list.id.text)", name: summary.list.name, emoji: summary.list.emoji ?? "🛒",
                             left: summary.items > 0 && left == 0 ? "Done" : "\(left.grouped) to buy", current: summary.list.id == current)
        }
    }
    /// The categories in Hearth's order, for the item editor's choice and the headings.
    let aisles = ShoppingCategory.defaultAisleOrder.map { Aisle(id: $0.rawValue, title: $0.title) }
}

/// Lists in Recently deleted, with the days each has left before it is purged.
struct DeletedListsPage: Sendable {
    struct Entry: Sendable {
        let id: String
        let name: String
        let emoji: String?
        let items: String
        let deleted: String
        let remaining: String
    }

    let layout: Layout
    let lists: [Entry]

    init(layout: Layout, lists: [ListSummary], now: Date, timeZone: String) {
        self.layout = layout
        self.lists = lists.map { summary in
            let deletedAt = summary.list.deletedAt ?? now
            let secondsLeft: TimeInterval = deletedAt.addingTimeInterval(ShoppingList.retention).timeIntervalSince(now)
            let days = max(0, Int((secondsLeft / 86_400).rounded(.up)))
            return Entry(id: summary.list.id.text, name: summary.list.name, emoji: summary.list.emoji,
                         items: summary.items.counted(.item),
                         deleted: DisplayFormat.dateTime(deletedAt, timeZone: timeZone),
                         remaining: days == 0 ? "deleted for good soon" : "\(days.counted(.day)) left")
        }
    }
}

/// The household's shopping figures and the most bought items as a chart.
struct ListStatisticsPage: Sendable {
    struct Figure: Sendable {
        let title: String
        let value: String
        let detail: String
    }

    struct Bought: Sendable {
        let name: String
        let count: Int
    }

    let layout: Layout
    let figures: [Figure]
    /// The chart, and the same figures as a table for screen readers.
    let mostBoughtChart: String
    let mostBought: [Bought]
    let hasPurchases: Bool

    init(layout: Layout, statistics s: ListStatistics) {
        self.layout = layout
        figures = [
            Figure(title: "Active lists", value: "\(s.activeLists)", detail: "\(s.listsWithItems) with items"),
            Figure(title: "Items", value: "\(s.totalItems)", detail: String(format: "%.1f per list on average", s.averageItemsPerList)),
            Figure(title: "In the basket", value: "\(s.purchasedItems)", detail: "items checked off"),
            Figure(title: "Completion", value: "\(Int((s.completionRate * 100).rounded())) %", detail: "of all items are in the basket"),
        ]
        mostBoughtChart = SVGChart.ranking(s.mostBought.map { ($0.name, $0.count) }, title: "Most bought items")
        mostBought = s.mostBought.map { Bought(name: $0.name, count: $0.count) }
        hasPurchases = !s.mostBought.isEmpty
    }
}
