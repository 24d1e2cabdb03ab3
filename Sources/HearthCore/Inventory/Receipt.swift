import Foundation

/// A receipt of the household: its image (or none, when typed in), what OCR read in it, and the
/// fields a person confirmed. It can belong to several items (a TV and its wall mount).
public struct Receipt: Sendable, Equatable, Identifiable {
    /// Where reading the receipt stands.
    public enum Status: String, Sendable, CaseIterable, Codable {
        /// OCR is running; the page shows progress.
        case reading
        /// OCR read it: `proposal` holds what it found, for the person to confirm.
        case read
        /// OCR found no usable text; the image is kept and the fields can be typed in.
        case unreadable
        /// The person confirmed or typed the fields.
        case confirmed
    }

    public var id: UUID
    public var householdId: UUID
    public var status: Status
    public var vendor: String?
    public var date: CalendarDate?
    public var total: Money?
    public var tax: Money?
    public var number: String?
    public var lines: [ReceiptLine]
    /// What OCR read, kept for search.
    public var text: String?
    /// What OCR proposed, kept beside the confirmed fields.
    public var proposal: ReceiptProposal?
    public var image: StoredFile?
    public var itemIds: [UUID]
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, householdId: UUID, status: Status, vendor: String? = nil, date: CalendarDate? = nil, total: Money? = nil,
                tax: Money? = nil, number: String? = nil, lines: [ReceiptLine] = [], text: String? = nil,
                proposal: ReceiptProposal? = nil, image: StoredFile? = nil, itemIds: [UUID] = [], createdAt: Date, updatedAt: Date) {
        self.id = id
        self.householdId = householdId
        self.status = status
        self.vendor = vendor
        self.date = date
        self.total = total
        self.tax = tax
        self.number = number
        self.lines = lines
        self.text = text
        self.proposal = proposal
        self.image = image
        self.itemIds = itemIds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// The fields of a receipt a person confirms or types in.
public struct ReceiptFields: Sendable, Equatable {
    public var vendor: String?
    public var date: CalendarDate?
    public var total: Money?
    public var tax: Money?
    public var number: String?
    public var lines: [ReceiptLine]

    public init(vendor: String? = nil, date: CalendarDate? = nil, total: Money? = nil, tax: Money? = nil, number: String? = nil,
                lines: [ReceiptLine] = []) {
        self.vendor = vendor
        self.date = date
        self.total = total
        self.tax = tax
        self.number = number
        self.lines = lines
    }

    /// The fields trimmed and checked.
    public func validated() throws(InventoryError) -> ReceiptFields {
        var clean = self
        clean.vendor = try InventoryRules.text(vendor, field: "vendor")
        clean.number = try InventoryRules.text(number, field: "receipt number")
        try InventoryRules.money(total, field: "total")
        try InventoryRules.money(tax, field: "tax")
        guard lines.count <= 500 else { throw .invalidText(field: "list of lines", reason: "must have at most 500 lines") }
        clean.lines = try lines.map { line throws(InventoryError) in
            var line = line
            line.description = try InventoryRules.text(line.description, field: "line description", required: true) ?? ""
            guard (1...InventoryRules.maximumQuantity).contains(line.quantity) else { throw .invalidQuantity }
            try InventoryRules.money(line.amount, field: "line amount")
            return line
        }
        return clean
    }
}

/// What linking a receipt to an item may write into the item's empty purchase fields.
public enum ReceiptFill: String, Sendable, CaseIterable {
    /// Fill the purchase date, place and price where the item has none (the default).
    case empty
    /// Also replace what the item has: after the person said yes.
    case all
    /// Only link.
    case none
}

extension Receipt {
    /// What linking this receipt offers an item: its date, its vendor, and a price per piece from
    /// line `line`, or the total of a receipt without lines.
    public func purchaseOffer(line: Int?) -> (date: CalendarDate?, place: String?, price: Money?) {
        var price: Money?
        if let line, lines.indices.contains(line), let amount = lines[line].amount {
            price = Money(amount: amount.amount / max(lines[line].quantity, 1), currency: amount.currency)
        } else if lines.isEmpty {
            price = total
        }
        return (date, vendor, price)
    }

    /// The line that is most likely the item called `name`: the only line when there is one, else
    /// the one line sharing a word of three or more letters with the name ("Mouse" and "WIRELESS
    /// MOUSE M350"); nil when none or several do.
    public func lineIndex(matching name: String) -> Int? {
        if lines.count == 1 { return 0 }
        func words(_ text: String) -> Set<String> {
            Set(text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).filter { $0.count >= 3 }.map(String.init))
        }
        let wanted = words(name)
        let matches = lines.indices.filter { !words(lines[$0].description).isDisjoint(with: wanted) }
        return matches.count == 1 ? matches[0] : nil
    }
}
