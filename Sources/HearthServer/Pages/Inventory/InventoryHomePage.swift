import Foundation
import HearthCore
import HearthStore

/// An item as a row of the list or a tile of the grid: thumbnail, name, where, value and score.
struct ItemRow: Sendable {
    let id: String
    let name: String
    let thumb: String?
    /// The category's emoji; without one the tile draws the inventory's icon.
    let icon: String?
    let detail: String
    let value: String?
    let score: Int
    let documented: Bool
    /// The heaviest field missing ("No photo"), for the tile's badge.
    /// What the tile points out: that the item was sold or archived, else the first thing it lacks.
    let flag: String?

    init(_ item: InventoryItem, groups: GroupNames) {
        id = item.id.text
        name = item.name
        thumb = item.primaryPhotoId.map { PhotoURL.path(itemId: item.id, photoId: $0, size: .thumb) }
        icon = groups.categoryIcon(item.categoryId)
        detail = [groups.room(item.roomId), item.brand, item.quantity > 1 ? "× \(item.quantity)" : nil].compactMap { $0 }.joined(separator: " · ")
        value = item.value?.formatted
        let documentation = item.documentation
        score = documentation.score
        documented = documentation.isDocumented
        flag = item.disposition?.title ?? documentation.missing.first.map { "No \($0 == .serialNumber ? "serial number" : $0.rawValue)" }
    }
}

/// Names of rooms and categories by id, for rows.
struct GroupNames: Sendable {
    let rooms: [UUID: InventoryGroup]
    let categories: [UUID: InventoryGroup]

    init(rooms: [InventoryGroup], categories: [InventoryGroup]) {
        self.rooms = Dictionary(uniqueKeysWithValues: rooms.map { ($0.id, $0) })
        self.categories = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0) })
    }

    func room(_ id: UUID?) -> String? { id.flatMap { rooms[$0]?.name } }
    func categoryIcon(_ id: UUID?) -> String? { id.flatMap { categories[$0]?.icon } }
}

/// The inventory home, items first: search, rooms and categories as chips, the summary as one line
/// that opens the cards and charts, one suggestion of what to fix next, and the items with their
/// filters and bulk changes.
struct InventoryHomePage: Sendable {
    struct Card: Sendable {
        let title: String
        let value: String
        let detail: String
        let href: String?
    }

    struct FixRow: Sendable {
        let item: ItemRow
        let risk: String
        let actions: String
    }

    struct Undo: Sendable {
        let id: String
        let name: String
    }

    /// A room's documentation, linking to its items that are not documented yet.
    struct RoomScore: Sendable {
        let name: String
        let items: String
        let score: Int
        let href: String
    }

    let layout: Layout
    let roomScores: [RoomScore]
    let cards: [Card]
    let score: Int
    let totalValue: String
    /// "3 of 12 documented".
    let documentedText: String
    let chips: [Chip]
    let hasChips: Bool
    /// The sample household's items are here: the page offers to remove them.
    var hasSample = false
    let roomChart: String
    let categoryChart: String
    let hasValues: Bool
    let chartNote: String?
    let fixNext: [FixRow]
    /// Mustache reads stored properties only.
    let hasFixNext: Bool
    let list: ItemListFragment
    let filters: InventoryFilters
    let rooms: [SelectOption]
    let categories: [SelectOption]
    let tags: [SelectOption]
    let conditions: [SelectOption]
    let sorts: [SelectOption]
    let missingOptions: [SelectOption]
    let documentedOptions: [SelectOption]
    let statusOptions: [SelectOption]
    let moveRooms: [SelectOption]
    let moveCategories: [SelectOption]
    let isEmpty: Bool
    let undo: Undo?
    /// Maintenance overdue or due within two weeks.
    let maintenance: [MaintenanceRow]
    let hasMaintenance: Bool

    init(layout: Layout, summary: InventorySummary, currency: String, page: ItemPage, searchError: String?, filters: InventoryFilters,
         rooms: [InventoryGroup], categories: [InventoryGroup], tags: [String], justDeleted: InventoryItem?,
         dueMaintenance: [InventoryStore.DueMaintenance], today: CalendarDate, compact: Bool) {
        self.layout = layout
        totalValue = InventoryFormat.totals(summary.totals)
        documentedText = "\(summary.documentedCount.grouped) of \(summary.itemCount.grouped) documented"
        chips = Chip.all(summary: summary, filters: filters)
        hasChips = chips.count > 1
        maintenance = dueMaintenance.map { MaintenanceRow($0.task, itemName: $0.itemName, today: today) }
        hasMaintenance = !maintenance.isEmpty
        let names = GroupNames(rooms: rooms, categories: categories)
        let percent = Int((summary.documentedShare * 100).rounded())
        cards = [
            Card(title: "Items", value: summary.itemCount.grouped,
                 detail: "in \(summary.byRoom.filter { $0.itemCount > 0 && $0.group != nil }.count.counted(.room))", href: nil),
            Card(title: "Total value", value: totalValue, detail: "to replace it all", href: "/inventory?sort=value"),
            Card(title: "Documented", value: "\(percent) %", detail: "\(summary.documentedCount.grouped) of \(summary.itemCount.counted(.item))", href: "/inventory?documented=no"),
            Card(title: "Missing photos", value: summary.missingPhotos.grouped, detail: Noun.item.word(for: summary.missingPhotos), href: "/inventory?missing=photo"),
            Card(title: "Missing receipts", value: summary.missingReceipts.grouped, detail: Noun.item.word(for: summary.missingReceipts), href: "/inventory?missing=receipt"),
            Card(title: "Missing values", value: summary.missingValues.grouped, detail: Noun.item.word(for: summary.missingValues), href: "/inventory?missing=value"),
            Card(title: "Warranties ending", value: summary.warrantiesEnding.grouped, detail: "in 90 days", href: "/inventory?warranty=1"),
            Card(title: "Yearly check", value: summary.unchecked.grouped, detail: "\(Noun.item.word(for: summary.unchecked)) not seen in 12 months",
                 href: "/inventory/check"),
        ]
        score = summary.score
        roomScores = summary.byRoom.filter { $0.itemCount > 0 }.map { total in
            RoomScore(name: total.group.map { [$0.icon, $0.name].compactMap { $0 }.joined(separator: " ") } ?? "No room",
                      items: total.itemCount.counted(.item), score: total.score,
                      href: "/inventory?room=\(total.group?.id.text ?? "none")&documented=no#items")
        }
        let inCurrency = { (totals: [Money]) in totals.first { $0.currency == currency }?.amount ?? 0 }
        roomChart = SVGChart.values(summary.byRoom.map { (name: $0.group?.name ?? "No room", amount: inCurrency($0.totals), color: $0.group?.color) },
                                    currency: currency, title: "Value by room")
        categoryChart = SVGChart.values(summary.byCategory.map { (name: $0.group?.name ?? "No category", amount: inCurrency($0.totals), color: $0.group?.color) },
                                        currency: currency, title: "Value by category")
        hasValues = summary.totals.contains { $0.currency == currency && $0.amount > 0 }
        chartNote = summary.totals.contains { $0.currency != currency } ? "The charts show values in \(currency) only." : nil
        fixNext = summary.fixNext.prefix(5).map { entry in
            FixRow(item: ItemRow(entry.item, groups: names),
                   risk: entry.valueAtRisk.map { "\($0.formatted) at risk" } ?? "no value yet",
                   actions: Self.nextStep(entry.item.documentation.missing))
        }
        hasFixNext = !fixNext.isEmpty
        list = ItemListFragment(page: page, searchError: searchError, names: names, filters: filters, csrfToken: layout.csrfToken, compact: compact)
        self.filters = filters
        let withNone = { (groups: [InventoryGroup], none: String) in [SelectOption(value: "none", title: none, selected: false)] + SelectOption.groups(groups, selected: nil) }
        self.rooms = SelectOption.list([("none", "No room")] + rooms.map { ($0.id.text, $0.name) }, selected: filters.room)
        self.categories = SelectOption.list([("none", "No category")] + categories.map { ($0.id.text, $0.name) }, selected: filters.category)
        self.tags = SelectOption.list(tags.map { ($0, $0) }, selected: filters.tag)
        conditions = SelectOption.conditions(selected: filters.condition)
        sorts = SelectOption.list([("name", "Name"), ("value", "Value"), ("added", "Date added"), ("purchased", "Purchase date")], selected: filters.sort)
        missingOptions = SelectOption.list(DocumentationField.allCases.map { ($0.rawValue, "No \($0 == .serialNumber ? "serial number" : $0.rawValue)") },
                                           selected: filters.missing)
        documentedOptions = SelectOption.list([("yes", "Documented"), ("no", "Not documented")], selected: filters.documented)
        statusOptions = SelectOption.list([("gone", "Sold & archived"), ("all", "All, sold & archived too")], selected: filters.status)
        moveRooms = withNone(rooms, "No room")
        moveCategories = withNone(categories, "No category")
        isEmpty = summary.itemCount == 0
        undo = justDeleted.map { Undo(id: $0.id.text, name: $0.name) }
    }
}

extension InventoryHomePage {
    /// What an item needs first, and how much more, to follow its name: "choose a room and 2 more".
    static func nextStep(_ missing: [DocumentationField]) -> String {
        guard let first = missing.first else { return "" }
        let action = first.action.prefix(1).lowercased() + first.action.dropFirst()
        return missing.count == 1 ? action : "\(action) and \(missing.count - 1) more"
    }
}

/// The item list on its own: the home page includes it, and search as you type swaps it in.
struct ItemListFragment: Sendable {
    let items: [ItemRow]
    let total: String
    /// "1 item matches", "2 items match".
    let matchVerb: String
    /// The address of the next page, when there is one.
    let more: String?
    let moreFragment: String?
    let filtered: Bool
    /// Why the search's filters could not be read (an unknown filter, a bad value): shown instead of items.
    let searchError: String?
    let csrfToken: String
    /// The compact list rather than the grid: the person's choice, kept in a cookie.
    let compact: Bool

    init(page: ItemPage, searchError: String? = nil, names: GroupNames, filters: InventoryFilters, csrfToken: String, compact: Bool) {
        items = page.items.map { ItemRow($0, groups: names) }
        total = page.total.counted(.item)
        matchVerb = page.total == 1 ? "matches" : "match"
        let query = filters.queryString
        let cursor = page.nextCursor.map { "cursor=\($0)" }
        more = cursor.map { "/inventory?\([query, $0].filter { !$0.isEmpty }.joined(separator: "&"))#items" }
        moreFragment = cursor.map { "/inventory/items/list?\([query, $0].filter { !$0.isEmpty }.joined(separator: "&"))" }
        filtered = filters.isFiltered
        self.searchError = searchError
        self.csrfToken = csrfToken
        self.compact = compact
    }
}
