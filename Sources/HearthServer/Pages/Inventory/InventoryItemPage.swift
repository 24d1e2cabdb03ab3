import Foundation
import HearthCore

/// One item: its photos, its fields, its documentation score with what is missing as actions.
struct InventoryItemPage: Sendable {
    struct Photo: Sendable {
        let id: String
        let medium: String
        let original: String
        let thumb: String
        let width: Int
        let height: Int
        let position: Int
        let isPrimary: Bool
    }

    struct Field: Sendable {
        let label: String
        let value: String
        /// A room's or category's colour: the value is shown as its chip.
        var color: String?
    }

    struct Tag: Sendable {
        let name: String
        let href: String
    }

    /// An item this one is kept in, or holds.
    struct Link: Sendable {
        let name: String
        let href: String
    }

    struct Missing: Sendable {
        let action: String
        let href: String
        let weight: Int
    }

    let layout: Layout
    let id: String
    let name: String
    let photos: [Photo]
    /// "2 photos missing …" for an item restored from an app whose backup does not carry photos.
    let missingPhotos: String?
    /// "Sold: kept for the record, …" for an item no longer owned.
    let disposition: String?
    let container: Link?
    let contents: [Link]
    let hasContents: Bool
    let fields: [Field]
    let description: String?
    let notes: String?
    let tags: [Tag]
    let hasTags: Bool
    let score: Int
    let documented: Bool
    let missing: [Missing]
    let rooms: [SelectOption]
    let receipts: [ReceiptListPage.Row]
    let deleted: Bool
    let maintenance: MaintenanceSection
    let documents: DocumentsSection
    let error: String?

    init(layout: Layout, item: InventoryItem, photos: [ItemPhoto], receipts: [Receipt], rooms: [InventoryGroup], categories: [InventoryGroup],
         container: InventoryItem? = nil, contents: [InventoryItem] = [], maintenance: (tasks: [MaintenanceTask], log: [MaintenanceEntry]) = ([], []), documents: [ItemDocument] = [],
         currency: String, timeZone: String, today: CalendarDate, error: String? = nil) {
        self.layout = layout
        self.documents = DocumentsSection(documents)
        self.maintenance = MaintenanceSection(tasks: maintenance.tasks, log: maintenance.log, itemName: item.name, currency: currency, today: today)
        id = item.id.text
        name = item.name
        let room = rooms.first { $0.id == item.roomId }, category = categories.first { $0.id == item.categoryId }
        self.photos = photos.map { photo in
            Photo(id: photo.id.text, medium: PhotoURL.path(itemId: item.id, photoId: photo.id, size: .medium),
                  original: PhotoURL.path(itemId: item.id, photoId: photo.id, size: .original),
                  thumb: PhotoURL.path(itemId: item.id, photoId: photo.id, size: .thumb),
                  width: photo.width, height: photo.height, position: photo.position, isPrimary: photo.position == photos.first?.position)
        }
        missingPhotos = switch item.missingPhotos {
        case 0: nil
        case 1: "Photo missing: the app this item came from had a photo of it that was not in its backup. Add it again."
        case let count: "Photos missing: the app this item came from had \(count) photos of it that were not in its backup. Add them again."
        }
        disposition = item.disposition.map { "\($0.title): kept for the record, outside totals, the documentation score and reports." }
        func link(_ item: InventoryItem) -> Link { Link(name: item.name, href: "/inventory/items/\(item.id.text)") }
        self.container = container.map(link)
        self.contents = contents.map(link)
        hasContents = !contents.isEmpty
        var fields: [Field] = []
        func add(_ label: String, _ value: String?, color: String? = nil) { if let value { fields.append(Field(label: label, value: value, color: color)) } }
        add("Room", room.map { [$0.icon, $0.name].compactMap { $0 }.joined(separator: " ") } ?? "No room", color: room?.color)
        add("Category", category.map { [$0.icon, $0.name].compactMap { $0 }.joined(separator: " ") } ?? "No category", color: category?.color)
        add("Quantity", item.quantity == 1 ? nil : "\(item.quantity)")
        add("Brand", item.brand)
        add("Model", item.model)
        add("Serial number", item.serialNumber)
        add("Barcode", item.barcode)
        add("Condition", item.condition?.title)
        add("Purchased", [item.purchaseDate.map { InventoryFormat.date($0) }, item.purchasePlace.map { "at \($0)" }]
            .compactMap { $0 }.joined(separator: " ").nilIfEmpty)
        add("Purchase price", item.purchasePrice.map { InventoryFormat.money($0, quantity: item.quantity) })
        add("Replacement value", item.replacementValue.map { InventoryFormat.money($0, quantity: item.quantity) })
        add("Actual cash value", item.value.map { value in
            guard let rule = item.depreciationRule(category: category?.depreciation) else {
                return "Choose a category, or give it its own useful life, to estimate it"
            }
            let source = item.depreciation != nil ? "its own rule" : "the rule of \(category?.name ?? "its category")"
            return InventoryFormat.actualCashValue(of: value, rule: rule, ruleSource: source, purchased: item.purchaseDate, today: today)
        })
        add("Warranty", item.warrantyUntil.map { InventoryFormat.warranty($0, today: today) })
        add("Asset ID", item.assetId?.text)
        add("Last checked", item.verifiedOn.map { InventoryFormat.date($0) } ?? "Not since it was added")
        add("Added", InventoryFormat.date(CalendarDate(item.createdAt, in: TimeZone(identifier: timeZone) ?? .gmt)))
        self.fields = fields
        description = item.description
        notes = item.notes
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        hasTags = !item.tags.isEmpty
        tags = item.tags.map { Tag(name: $0, href: "/inventory?tag=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")#items") }
        let documentation = item.documentation
        score = documentation.score
        documented = documentation.isDocumented
        let edit = "/inventory/items/\(item.id.text)/edit"
        missing = documentation.missing.map { field in
            let href = switch field {
            case .photo: "#add-photos"
            case .value: "\(edit)#purchase_price"
            case .room: "\(edit)#room"
            case .category: "\(edit)#category"
            case .serialNumber: "\(edit)#serial_number"
            case .receipt: "/inventory/capture?mode=receipt&item=\(item.id.text)"
            }
            return Missing(action: field.action, href: href, weight: field.weight)
        }
        self.rooms = SelectOption.groups(rooms, selected: item.roomId?.text)
        self.receipts = ReceiptListPage.rows(receipts)
        deleted = item.deletedAt != nil
        self.error = error
    }
}

/// How the inventory pages write money, dates and warranties.
enum InventoryFormat {
    /// "$899.00", or "$899.00 each · $1,798.00" for several pieces.
    static func money(_ money: Money, quantity: Int) -> String {
        guard quantity > 1, let total = money.times(quantity) else { return money.formatted }
        return "\(money.formatted) each · \(total.formatted)"
    }

    /// "Nov 28, 2025".
    static func date(_ date: CalendarDate) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[date.month - 1]) \(date.day), \(date.year)"
    }

    /// "until Nov 28, 2027 (in 3 days)", "ended Jan 1, 2026".
    static func warranty(_ end: CalendarDate, today: CalendarDate) -> String {
        let days = today.days(until: end)
        if days < 0 { return "ended \(date(end))" }
        let left = days == 0 ? "ends today" : days <= 90 ? "\(days.counted(.day)) left" : nil
        return "until \(date(end))" + (left.map { " (\($0))" } ?? "")
    }

    /// "$500.00 today, 50% less than new (5-year life, 20% floor; the rule of Electronics)"; what is
    /// missing to tell it. `ruleSource` says whose rule it is.
    static func actualCashValue(of value: Money, rule: Depreciation, ruleSource: String, purchased: CalendarDate?, today: CalendarDate) -> String {
        guard let years = rule.usefulLifeYears else { return "\(value.formatted): it keeps its value (\(ruleSource))" }
        let described = "\(years)-year life, \(rule.floorPercent)% floor; \(ruleSource)"
        guard let cash = rule.actualCashValue(of: value, purchased: purchased, on: today), let lost = rule.percentLost(purchased: purchased, on: today) else {
            return "Add the purchase date to estimate it (\(described))"
        }
        return "\(cash.formatted) today, \(lost)% less than new (\(described))"
    }

    /// The amounts of several currencies on one line: "$4,000.00 · €200.00"; "—" for none.
    static func totals(_ totals: [Money]) -> String {
        totals.isEmpty ? "—" : totals.map(\.formatted).joined(separator: " · ")
    }
}
