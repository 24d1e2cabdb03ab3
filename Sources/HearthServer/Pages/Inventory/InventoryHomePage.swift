import Foundation
import HearthCore
import HearthStore

/// An item as a row of the list or a tile of the grid: thumbnail, name, where, value and score.
struct ItemRow: Sendable {
    let id: String
    let name: String
    let thumb: String?
    let icon: String
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
        icon = groups.categoryIcon(item.categoryId) ?? "📦"
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

/// The filters of the item list as they appear in the address (`/inventory?room=…&sort=value`).
struct InventoryFilters: Sendable {
    var q: String?
    var room: String?
    var category: String?
    var tag: String?
    var documented: String?
    var condition: String?
    var missing: String?
    var warranty: Bool
    /// owned (absent), gone (sold or archived) or all.
    var status: String?
    var sort: String

    init(_ parameters: [String: String]) {
        func value(_ key: String) -> String? { parameters[key]?.trimmingCharacters(in: .whitespaces).nilIfEmpty }
        q = value("q")
        room = value("room")
        category = value("category")
        tag = value("tag")
        documented = value("documented")
        condition = value("condition")
        missing = value("missing")
        warranty = value("warranty") == "1"
        status = value("status").flatMap { ItemQuery.Status(rawValue: $0) }.flatMap { $0 == .owned ? nil : $0.rawValue }
        sort = value("sort").flatMap { ItemQuery.Sort(rawValue: $0)?.rawValue } ?? "name"
    }

    /// The store's query for these filters.
    func query(today: CalendarDate, cursor: String?, limit: Int) -> ItemQuery {
        func group(_ text: String?) -> ItemQuery.GroupFilter? {
            text == "none" ? .unassigned : text.flatMap(UUID.init(uuidString:)).map { .group($0) }
        }
        return ItemQuery(
            text: q, room: group(room), category: group(category), tag: tag,
            documented: documented.map { $0 == "yes" }, condition: condition.flatMap(ItemCondition.init(rawValue:)),
            missing: missing.flatMap(DocumentationField.init(rawValue:)),
            warrantyEndsBy: warranty ? today.adding(days: InventorySummary.warrantyHorizonDays) : nil, today: today,
            status: status.flatMap(ItemQuery.Status.init(rawValue:)) ?? .owned, sort: ItemQuery.Sort(rawValue: sort) ?? .name, cursor: cursor,
            limit: limit
        )
    }

    /// The address part for these filters, to carry them into "More" and the fragment requests.
    var queryString: String {
        let pairs: [(String, String?)] = [("q", q), ("room", room), ("category", category), ("tag", tag), ("documented", documented),
                                          ("condition", condition), ("missing", missing), ("warranty", warranty ? "1" : nil),
                                          ("status", status), ("sort", sort == "name" ? nil : sort)]
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return pairs.compactMap { key, value in value.map { "\(key)=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" } }
            .joined(separator: "&")
    }

    var isFiltered: Bool { !queryString.replacingOccurrences(of: "sort=\(sort)", with: "").isEmpty }
}

/// The inventory home: the summary cards, value by room and category, what to fix next, and the
/// item list with its search, filters and bulk changes.
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
         dueMaintenance: [InventoryStore.DueMaintenance], today: CalendarDate) {
        self.layout = layout
        maintenance = dueMaintenance.map { MaintenanceRow($0.task, itemName: $0.itemName, today: today) }
        hasMaintenance = !maintenance.isEmpty
        let names = GroupNames(rooms: rooms, categories: categories)
        let percent = Int((summary.documentedShare * 100).rounded())
        cards = [
            Card(title: "Items", value: summary.itemCount.formatted(), detail: "in \(summary.byRoom.filter { $0.itemCount > 0 && $0.group != nil }.count) rooms", href: nil),
            Card(title: "Total value", value: InventoryFormat.totals(summary.totals), detail: "to replace it all", href: "/inventory?sort=value"),
            Card(title: "Documented", value: "\(percent) %", detail: "\(summary.documentedCount) of \(summary.itemCount) items", href: "/inventory?documented=no"),
            Card(title: "Missing photos", value: "\(summary.missingPhotos)", detail: "items", href: "/inventory?missing=photo"),
            Card(title: "Missing receipts", value: "\(summary.missingReceipts)", detail: "items", href: "/inventory?missing=receipt"),
            Card(title: "Missing values", value: "\(summary.missingValues)", detail: "items", href: "/inventory?missing=value"),
            Card(title: "Warranties ending", value: "\(summary.warrantiesEnding)", detail: "in 90 days", href: "/inventory?warranty=1"),
            Card(title: "Yearly check", value: "\(summary.unchecked)", detail: summary.unchecked == 1 ? "item not seen in 12 months" : "items not seen in 12 months",
                 href: "/inventory/check"),
        ]
        score = summary.score
        roomScores = summary.byRoom.filter { $0.itemCount > 0 }.map { total in
            RoomScore(name: total.group.map { [$0.icon, $0.name].compactMap { $0 }.joined(separator: " ") } ?? "No room",
                      items: total.itemCount == 1 ? "1 item" : "\(total.itemCount) items", score: total.score,
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
                   actions: entry.item.documentation.missing.prefix(3).map(\.action).joined(separator: " · "))
        }
        hasFixNext = !fixNext.isEmpty
        list = ItemListFragment(page: page, searchError: searchError, names: names, filters: filters, csrfToken: layout.csrfToken)
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

/// The item list on its own: the home page includes it, and search as you type swaps it in.
struct ItemListFragment: Sendable {
    let items: [ItemRow]
    let total: String
    /// The address of the next page, when there is one.
    let more: String?
    let moreFragment: String?
    let filtered: Bool
    /// Why the search's filters could not be read (an unknown filter, a bad value): shown instead of items.
    let searchError: String?
    let csrfToken: String

    init(page: ItemPage, searchError: String? = nil, names: GroupNames, filters: InventoryFilters, csrfToken: String) {
        items = page.items.map { ItemRow($0, groups: names) }
        total = page.total == 1 ? "1 item" : "\(page.total.formatted()) items"
        let query = filters.queryString
        let cursor = page.nextCursor.map { "cursor=\($0)" }
        more = cursor.map { "/inventory?\([query, $0].filter { !$0.isEmpty }.joined(separator: "&"))#items" }
        moreFragment = cursor.map { "/inventory/items/list?\([query, $0].filter { !$0.isEmpty }.joined(separator: "&"))" }
        filtered = filters.isFiltered
        self.searchError = searchError
        self.csrfToken = csrfToken
    }
}
