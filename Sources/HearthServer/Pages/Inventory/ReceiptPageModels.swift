import Foundation
import HearthCore

/// The household's receipts with a search box.
struct ReceiptListPage: Sendable {
    struct Row: Sendable {
        let id: String
        let title: String
        let detail: String
        let thumb: String?
        let status: String?
    }

    let layout: Layout
    let receipts: [Row]
    let query: String

    init(layout: Layout, receipts: [Receipt], query: String) {
        self.layout = layout
        self.query = query
        self.receipts = Self.rows(receipts)
    }

    /// A row per receipt: shop, date, total, items, and where reading it stands.
    static func rows(_ receipts: [Receipt]) -> [Row] {
        receipts.map { receipt in
            let proposal = receipt.status == .confirmed ? nil : receipt.proposal
            let date = (receipt.date ?? proposal?.date).map(InventoryFormat.date)
            let total = (receipt.total ?? proposal?.total)?.formatted
            let items = receipt.itemIds.count.counted(.item)
            return Row(id: receipt.id.text, title: receipt.vendor ?? proposal?.vendor ?? "Receipt",
                       detail: [date, total, items].compactMap { $0 }.joined(separator: " · "),
                       thumb: receipt.image.map { _ in "/api/v1/inventory/receipts/\(receipt.id.text)/image?size=thumb" },
                       status: ReceiptPage.statusText(receipt.status))
        }
    }
}

/// One receipt: its image, where reading it stands, the fields as a form to confirm, its lines,
/// its items, and the ways to link it.
struct ReceiptPage: Sendable {
    struct Line: Sendable {
        let index: Int
        let description: String
        let quantity: String
        let amount: String
    }

    struct LinkedItem: Sendable {
        let receiptId: String
        let id: String
        let name: String
        let detail: String
    }

    /// Linking found purchase fields the item has with other values: the page asks before replacing them.
    struct Conflict: Sendable {
        let itemId: String
        let itemName: String
        let fields: String
        /// The receipt line the price came from (text: Mustache treats 0 as false).
        let line: String?

        /// `fields` as the store names them; `offer` is what the receipt would write.
        init(item: InventoryItem, fields: [String], line: Int?, offer: (date: CalendarDate?, place: String?, price: Money?)) {
            self.line = line.map(String.init)
            itemId = item.id.text
            itemName = item.name
            self.fields = fields.compactMap { field -> String? in
                switch field {
                case "purchaseDate": "purchase date \(item.purchaseDate.map(InventoryFormat.date) ?? "") (receipt: \(offer.date.map(InventoryFormat.date) ?? ""))"
                case "purchasePlace": "purchase place “\(item.purchasePlace ?? "")” (receipt: “\(offer.place ?? "")”)"
                case "purchasePrice": "purchase price \(item.purchasePrice?.formatted ?? "") (receipt: \(offer.price?.formatted ?? ""))"
                default: nil
                }
            }.joined(separator: ", ")
        }
    }

    struct Target: Sendable {
        let itemId: String
        let name: String
    }

    /// The proposed fields the reading was unsure of, for the person to check: only while the form
    /// shows the reading's value (status `read`, no value of the person's, nothing they typed instead).
    struct Check: Sendable {
        let vendor, date, number, total, tax, currency: Bool
        /// Stored: templates see only stored properties.
        let any: Bool

        init(_ receipt: Receipt, form: ReceiptForm) {
            let proposal = receipt.status == .read ? receipt.proposal : nil
            let confidence = proposal?.confidence
            func unsure(_ value: Double?, _ kept: Bool, _ shown: String?, _ proposed: String?) -> Bool {
                guard let value, kept, let shown, shown == proposed else { return false }
                return value < ReceiptConfidence.check
            }
            vendor = unsure(confidence?.vendor, receipt.vendor == nil, form.vendor, proposal?.vendor)
            date = unsure(confidence?.date, receipt.date == nil, form.date, proposal?.date?.description)
            number = unsure(confidence?.number, receipt.number == nil, form.number, proposal?.number)
            total = unsure(confidence?.total, receipt.total == nil, form.total, proposal?.total?.decimalString)
            tax = unsure(confidence?.tax, receipt.tax == nil, form.tax, proposal?.tax?.decimalString)
            currency = unsure(confidence?.currency, receipt.total == nil, form.currency, proposal?.currency)
            any = vendor || date || number || total || tax || currency
        }
    }

    let layout: Layout
    let id: String
    let title: String
    let image: String?
    let original: String?
    let reading: Bool
    let unreadable: Bool
    let proposed: Bool
    let confirmed: Bool
    let statusText: String?
    let text: String?
    let form: ReceiptForm
    let check: Check
    let lines: [Line]
    let hasLines: Bool
    let currencies: [SelectOption]
    let items: [LinkedItem]
    let linkTo: Target?
    /// The item the page came from, carried through the confirmation (it is offered once confirmed).
    let carryItem: String?
    let conflict: Conflict?
    let error: String?

    init(layout: Layout, receipt: Receipt, form: ReceiptForm, items: [InventoryItem], linkTo: InventoryItem?, conflict: Conflict?,
         currency: String, error: String?) {
        self.layout = layout
        id = receipt.id.text
        title = receipt.vendor ?? receipt.proposal?.vendor ?? "Receipt"
        let path = "/api/v1/inventory/receipts/\(receipt.id.text)/image"
        image = receipt.image.map { _ in "\(path)?size=medium" }
        original = receipt.image.map { _ in "\(path)?size=original" }
        reading = receipt.status == .reading
        unreadable = receipt.status == .unreadable
        proposed = receipt.status == .read
        confirmed = receipt.status == .confirmed
        statusText = Self.statusText(receipt.status)
        text = receipt.text
        self.form = form
        check = Check(receipt, form: form)
        // Empty rows after the lines, so a person can add what OCR missed.
        let descriptions = (form.lineDescription ?? []) + ["", ""]
        lines = descriptions.enumerated().map { index, description in
            Line(index: index, description: description, quantity: form.lineQuantity?[safe: index] ?? "",
                 amount: form.lineAmount?[safe: index] ?? "")
        }
        hasLines = !receipt.lines.isEmpty
        currencies = SelectOption.currencies(selected: form.currency, household: currency)
        self.items = items.map { item in
            LinkedItem(receiptId: receipt.id.text, id: item.id.text, name: item.name,
                       detail: [item.purchasePrice?.formatted, item.deletedAt == nil ? nil : "in Recently deleted"].compactMap { $0 }.joined(separator: " · "))
        }
        carryItem = linkTo?.id.text
        // Linking fills items from the confirmed fields, so it is offered once they are confirmed.
        self.linkTo = linkTo.flatMap { item in
            receipt.status != .confirmed || receipt.itemIds.contains(item.id) ? nil : Target(itemId: item.id.text, name: item.name)
        }
        self.conflict = conflict
        self.error = error
    }

    static func statusText(_ status: Receipt.Status) -> String? {
        switch status {
        case .reading: "Reading…"
        case .read: "Check what was read"
        case .unreadable: "Could not be read"
        case .confirmed: nil
        }
    }
}

/// The form to type a receipt in.
struct NewReceiptPage: Sendable {
    struct Line: Sendable {
        let description: String
        let quantity: String
        let amount: String
    }

    let layout: Layout
    let form: ReceiptForm
    let lines: [Line]
    let currencies: [SelectOption]
    let error: String?

    init(layout: Layout, form: ReceiptForm, currencies: [SelectOption], error: String?) {
        self.layout = layout
        self.form = form
        lines = (form.lineDescription ?? ["", "", ""]).enumerated().map { index, description in
            Line(description: description, quantity: form.lineQuantity?[safe: index] ?? "", amount: form.lineAmount?[safe: index] ?? "")
        }
        self.currencies = currencies
        self.error = error
    }
}
