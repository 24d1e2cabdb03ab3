import Foundation
import HearthCore

/// The item form as the browser posts it: every field text, read into details with messages a
/// person can act on ("The purchase price “12,5,0” is not an amount").
struct InventoryItemForm: Decodable, Sendable {
    var name: String?
    var description: String?
    var room: String?
    var category: String?
    var quantity: String?
    var brand: String?
    var model: String?
    var serialNumber: String?
    var barcode: String?
    var purchaseDate: String?
    var purchasePlace: String?
    var purchasePrice: String?
    var purchaseCurrency: String?
    var replacementValue: String?
    var replacementCurrency: String?
    var condition: String?
    var warrantyUntil: String?
    var warrantyMonths: String?
    var tags: String?
    var notes: String?
    /// "" (owned), "sold" or "archived"; absent (a form of an earlier release) keeps the item's.
    var status: String?
    /// How it depreciates: "" (as its category), "own" (``usefulLife`` and ``depreciationFloor``) or
    /// "none" (it keeps its value); absent (a form of an earlier release) keeps the item's.
    var depreciation: String?
    var usefulLife: String?
    var depreciationFloor: String?

    enum CodingKeys: String, CodingKey {
        case name, description, room, category, quantity, brand, model, barcode, condition, tags, notes, status, depreciation
        case usefulLife = "useful_life", depreciationFloor = "depreciation_floor"
        case serialNumber = "serial_number", purchaseDate = "purchase_date", purchasePlace = "purchase_place"
        case purchasePrice = "purchase_price", purchaseCurrency = "purchase_currency", replacementValue = "replacement_value"
        case replacementCurrency = "replacement_currency", warrantyUntil = "warranty_until", warrantyMonths = "warranty_months"
    }

    /// A refusal of one field: the message, and the field's name to mark it.
    struct Problem: Error {
        let field: String
        let message: String
    }

    /// The details the form describes.
    func details(defaultCurrency: String) throws -> ItemDetails {
        func trimmed(_ text: String?) -> String? { text?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty }
        func id(_ text: String?, _ field: String) throws -> UUID? {
            guard let text = trimmed(text) else { return nil }
            guard let id = UUID(uuidString: text) else { throw Problem(field: field, message: "Choose a \(field) from the list.") }
            return id
        }
        func money(_ text: String?, _ currency: String?, _ field: String, _ label: String) throws -> Money? {
            guard let text = trimmed(text) else { return nil }
            let code = trimmed(currency)?.uppercased() ?? defaultCurrency
            guard Currency.isKnown(code) else { throw Problem(field: field, message: "“\(code)” is not a currency.") }
            guard let money = Money(parsing: text, currency: code) else {
                throw Problem(field: field, message: "The \(label) “\(text)” is not an amount; write it like 899.00.")
            }
            return money
        }
        func date(_ text: String?, _ field: String, _ label: String) throws -> CalendarDate? {
            guard let text = trimmed(text) else { return nil }
            guard let date = CalendarDate(iso: text) else { throw Problem(field: field, message: "The \(label) “\(text)” is not a date.") }
            return date
        }
        func purchaseDay() throws -> CalendarDate? {
            do { return try InventoryRules.purchaseDate(try date(purchaseDate, "purchase_date", "purchase date")) } catch let error as InventoryError {
                throw Problem(field: "purchase_date", message: error.message)
            }
        }
        var quantity = 1
        if let text = trimmed(self.quantity) {
            guard let number = Int(text) else { throw Problem(field: "quantity", message: InventoryError.invalidQuantity.message) }
            quantity = number
        }
        var warranty: Warranty?
        if let months = trimmed(warrantyMonths) {
            guard let number = Int(months) else { throw Problem(field: "warranty_months", message: InventoryError.invalidWarranty.message) }
            warranty = .months(number)
        } else if let until = try date(warrantyUntil, "warranty_until", "warranty end") {
            warranty = .until(until)
        }
        var disposition: ItemDisposition?
        if let status = trimmed(status) {
            guard let known = ItemDisposition(rawValue: status) else { throw Problem(field: "status", message: "Choose owned, sold or archived.") }
            disposition = known
        }
        return ItemDetails(
            name: name ?? "", description: description, roomId: try id(room, "room"), categoryId: try id(category, "category"),
            quantity: quantity, brand: brand, model: model, serialNumber: serialNumber, barcode: barcode,
            purchaseDate: try purchaseDay(), purchasePlace: purchasePlace,
            purchasePrice: try money(purchasePrice, purchaseCurrency, "purchase_price", "purchase price"),
            replacementValue: try money(replacementValue, replacementCurrency, "replacement_value", "replacement value"),
            condition: trimmed(condition).flatMap(ItemCondition.init(rawValue:)), warranty: warranty,
            tags: try InventoryRules.tags(parsing: tags ?? ""), notes: notes, disposition: disposition,
            depreciation: try depreciationRule()
        )
    }

    /// The item's own depreciation rule, if the form gives it one.
    private func depreciationRule() throws -> Depreciation? {
        switch depreciation?.trimmingCharacters(in: .whitespaces) ?? "" {
        case "": return nil
        case "none": return .none
        case "own":
            let range = Depreciation.usefulLifeRange
            guard let years = usefulLife.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), range.contains(years) else {
                throw Problem(field: "useful_life", message: "Write the useful life in years, \(range.lowerBound) to \(range.upperBound).")
            }
            let floorText = depreciationFloor?.trimmingCharacters(in: .whitespaces).nilIfEmpty
            guard let floor = floorText.map({ Int($0) }) ?? Depreciation.defaultFloorPercent, (0...100).contains(floor) else {
                throw Problem(field: "depreciation_floor", message: "Write the floor in percent, 0 to 100.")
            }
            return Depreciation(usefulLifeYears: years, floorPercent: floor)
        default:
            throw Problem(field: "depreciation", message: "Choose as its category, its own useful life, or keeps its value.")
        }
    }

    /// Puts the form's `details` on the item's `current` ones, keeping what the form does not show:
    /// the item it is kept in, and (from a form of an earlier release, without a status) whether it
    /// was sold or archived.
    func apply(_ details: ItemDetails, to current: inout ItemDetails) {
        var details = details
        details.containerId = current.containerId
        if status == nil { details.disposition = current.disposition }
        if depreciation == nil { details.depreciation = current.depreciation }
        current = details
    }

    /// The form filled with an item's details (to edit it).
    init(_ details: ItemDetails, warrantyUntil: CalendarDate?) {
        name = details.name
        description = details.description
        room = details.roomId?.text
        category = details.categoryId?.text
        quantity = String(details.quantity)
        brand = details.brand
        model = details.model
        serialNumber = details.serialNumber
        barcode = details.barcode
        purchaseDate = details.purchaseDate?.description
        purchasePlace = details.purchasePlace
        purchasePrice = details.purchasePrice?.decimalString
        purchaseCurrency = details.purchasePrice?.currency
        replacementValue = details.replacementValue?.decimalString
        replacementCurrency = details.replacementValue?.currency
        condition = details.condition?.rawValue
        self.warrantyUntil = warrantyUntil?.description
        tags = details.tags.joined(separator: ", ")
        notes = details.notes
        status = details.disposition?.rawValue ?? ""
        depreciation = details.depreciation.map { $0.usefulLifeYears == nil ? "none" : "own" } ?? ""
        usefulLife = details.depreciation?.usefulLifeYears.map(String.init)
        depreciationFloor = details.depreciation.map { String($0.floorPercent) }
    }

    /// An empty form, with a barcode when the capture page found one.
    init(barcode: String? = nil, room: String? = nil) {
        self.barcode = barcode
        self.room = room
    }
}
