import Foundation
import HearthCore

/// The receipt form as the browser posts it: the fields and the lines as parallel lists.
struct ReceiptForm: Decodable, Sendable {
    var vendor: String?
    var date: String?
    var total: String?
    var tax: String?
    var number: String?
    var currency: String?
    var lineDescription: [String]?
    var lineQuantity: [String]?
    var lineAmount: [String]?
    /// The item the page offers to link the receipt to, carried through the confirmation.
    var item: String?

    enum CodingKeys: String, CodingKey {
        case vendor, date, total, tax, number, currency, item
        case lineDescription = "line_description", lineQuantity = "line_quantity", lineAmount = "line_amount"
    }

    /// The fields the form describes; empty lines are left out.
    func fields(defaultCurrency: String) throws -> ReceiptFields {
        func trimmed(_ text: String?) -> String? { text?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty }
        let code = trimmed(currency)?.uppercased() ?? defaultCurrency
        guard Currency.isKnown(code) else { throw InventoryItemForm.Problem(field: "currency", message: "“\(code)” is not a currency.") }
        func money(_ text: String?, _ label: String) throws -> Money? {
            guard let text = trimmed(text) else { return nil }
            guard let money = Money(parsing: text, currency: code) else {
                throw InventoryItemForm.Problem(field: label, message: "The \(label) “\(text)” is not an amount; write it like 899.00.")
            }
            return money
        }
        var parsedDate: CalendarDate?
        if let text = trimmed(date) {
            guard let value = CalendarDate(iso: text) else { throw InventoryItemForm.Problem(field: "date", message: "“\(text)” is not a date.") }
            parsedDate = value
        }
        let descriptions = lineDescription ?? []
        var lines: [ReceiptLine] = []
        for (index, raw) in descriptions.enumerated() {
            guard let description = trimmed(raw) else { continue }
            let quantityText = trimmed(lineQuantity?[safe: index]) ?? "1"
            guard let quantity = Int(quantityText) else { throw InventoryItemForm.Problem(field: "line_quantity", message: InventoryError.invalidQuantity.message) }
            lines.append(ReceiptLine(description: description, quantity: quantity, amount: try money(lineAmount?[safe: index], "line amount")))
        }
        return ReceiptFields(vendor: vendor, date: parsedDate, total: try money(total, "total"), tax: try money(tax, "tax"), number: number, lines: lines)
    }

    /// The form filled with a receipt's confirmed fields, or else with what OCR proposed.
    init(_ receipt: Receipt, currency: String) {
        let proposal = receipt.status == .confirmed ? nil : receipt.proposal
        vendor = receipt.vendor ?? proposal?.vendor
        date = (receipt.date ?? proposal?.date)?.description
        let total = receipt.total ?? proposal?.total, tax = receipt.tax ?? proposal?.tax
        self.total = total?.decimalString
        self.tax = tax?.decimalString
        number = receipt.number ?? proposal?.number
        self.currency = total?.currency ?? proposal?.currency ?? currency
        let lines = receipt.lines.isEmpty ? (proposal?.lines ?? []) : receipt.lines
        lineDescription = lines.map(\.description)
        lineQuantity = lines.map { String($0.quantity) }
        lineAmount = lines.map { $0.amount?.decimalString ?? "" }
    }

    init() {}
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
