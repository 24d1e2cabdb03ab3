import Foundation

/// Validation of what people type into the inventory: every text trimmed and checked, empty texts
/// become nil, tags cleaned, money and warranty checked.
public enum InventoryRules {
    public static let maximumNameLength = 200
    public static let maximumLineLength = 200
    public static let maximumDescriptionLength = 5000
    public static let maximumQuantity = 100_000
    public static let maximumTags = 30
    public static let maximumTagLength = 50
    public static let maximumWarrantyMonths = 600
    public static let maximumPosition = 1_000_000
    public static let maximumPhotos = 50
    public static let maximumGroupNameLength = 100
    /// Items inside items inside items…: at most this deep.
    public static let maximumNesting = 20
    /// Items one bulk change may select.
    public static let maximumSelection = 1000

    /// The details as they will be stored, or the first rule they break. `warranty` months become a date.
    public static func validated(_ details: ItemDetails) throws(InventoryError) -> (details: ItemDetails, warrantyUntil: CalendarDate?) {
        var clean = details
        clean.name = try text(details.name, field: "name", maximumLength: maximumNameLength, required: true) ?? ""
        clean.description = try paragraphs(details.description, field: "description")
        clean.brand = try text(details.brand, field: "brand")
        clean.model = try text(details.model, field: "model")
        clean.serialNumber = try text(details.serialNumber, field: "serial number")
        clean.barcode = try text(details.barcode, field: "barcode")
        clean.purchasePlace = try text(details.purchasePlace, field: "purchase place")
        clean.notes = try paragraphs(details.notes, field: "notes")
        guard (1...maximumQuantity).contains(details.quantity) else { throw .invalidQuantity }
        try money(details.purchasePrice, field: "purchase price")
        try money(details.replacementValue, field: "replacement value")
        clean.tags = try tags(details.tags)
        clean.depreciation = try details.depreciation?.validated()
        let warrantyUntil = try details.warranty?.endDate(purchasedOn: details.purchaseDate)
        clean.warranty = warrantyUntil.map(Warranty.until)
        return (clean, warrantyUntil)
    }

    /// The years a purchase date may have: from 1900 to next year (by the calendar of the machine's clock).
    public static var plausiblePurchaseYears: ClosedRange<Int> {
        1900...(Calendar(identifier: .gregorian).component(.year, from: Date()) + 1)
    }

    /// A purchase date as entered (API, form, import): refused outside ``plausiblePurchaseYears``, where
    /// it is a year mistyped or misread. (Dates stored by earlier releases are kept as they are.)
    public static func purchaseDate(_ date: CalendarDate?) throws(InventoryError) -> CalendarDate? {
        if let date, !plausiblePurchaseYears.contains(date.year) { throw .implausiblePurchaseDate(date) }
        return date
    }

    /// A one-line text: trimmed, nil when empty (or an error when `required`).
    public static func text(_ raw: String?, field: String, maximumLength: Int = maximumLineLength, required: Bool = false) throws(InventoryError) -> String? {
        guard let raw else {
            if required { throw .invalidText(field: field, reason: TextRules.Problem.empty.reason) }
            return nil
        }
        do {
            return try TextRules.line(raw, maximumLength: maximumLength, allowEmpty: !required).nilIfEmpty
        } catch {
            throw .invalidText(field: field, reason: error.reason)
        }
    }

    /// A text of several lines (description, notes): trimmed, nil when empty.
    public static func paragraphs(_ raw: String?, field: String) throws(InventoryError) -> String? {
        guard let raw else { return nil }
        do { return try TextRules.paragraphs(raw, maximumLength: maximumDescriptionLength).nilIfEmpty } catch {
            throw .invalidText(field: field, reason: error.reason)
        }
    }

    /// Checks an amount: a known currency, 0…``Money/maximumAmount``.
    public static func money(_ money: Money?, field: String) throws(InventoryError) {
        guard let money else { return }
        guard Currency.isKnown(money.currency) else { throw .unknownCurrency(money.currency) }
        guard (0...Money.maximumAmount).contains(money.amount) else { throw .invalidMoney(field: field) }
    }

    /// A currency code people typed ("usd", " EUR"), upper-cased, or an error.
    public static func currency(_ raw: String) throws(InventoryError) -> String {
        let code = raw.trimming(.whitespaces).uppercased()
        guard Currency.isKnown(code) else { throw .unknownCurrency(raw) }
        return code
    }

    /// Tags trimmed, without empty ones and duplicates (compared without case), sorted.
    public static func tags(_ raw: [String]) throws(InventoryError) -> [String] {
        var seen = Set<String>(), tags: [String] = []
        for raw in raw {
            let tag: String
            do { tag = try TextRules.line(raw, maximumLength: maximumTagLength, allowEmpty: true) } catch {
                throw error == .controlCharacter ? .invalidText(field: "tag", reason: error.reason) : .tooManyTags
            }
            if !tag.isEmpty && seen.insert(tag.lowercased()).inserted { tags.append(tag) }
        }
        guard tags.count <= maximumTags else { throw .tooManyTags }
        return tags.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
    }

    /// Tags as people type them in one field: separated by commas.
    public static func tags(parsing text: String) throws(InventoryError) -> [String] {
        try tags(text.split(separator: ",").map(String.init))
    }

    /// A room or category name.
    public static func groupName(_ raw: String, kind: InventoryGroup.Kind) throws(InventoryError) -> String {
        try text(raw, field: "name of the \(kind.noun)", maximumLength: maximumGroupNameLength, required: true) ?? ""
    }

    /// An optional single emoji.
    public static func icon(_ raw: String?) throws(InventoryError) -> String? {
        do { return try ListRules.emoji(raw) } catch { throw .invalidIcon }
    }

    /// An optional colour, `#RRGGBB` as people and colour pickers write it ("#0a84ff", "0A84FF"),
    /// upper-cased.
    public static func color(_ raw: String?) throws(InventoryError) -> String? {
        guard let raw = raw?.trimming(.whitespaces), !raw.isEmpty else { return nil }
        let hex = raw.hasPrefix("#") ? raw.dropFirst() : Substring(raw)
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit), hex.allSatisfy(\.isASCII) else { throw .invalidColor(raw) }
        return "#" + hex.uppercased()
    }

    /// The form of a name used to find the same room or category again ("Kitchen" and " kitchen" are one).
    public static func key(_ name: String) -> String {
        name.trimming(.whitespacesAndNewlines).lowercased()
    }
}
