import Foundation
import HearthAPI
import HearthCore

/// How the inventory reads in a terminal.
enum InventoryText {
    typealias Item = Components.Schemas.InventoryItem
    typealias Group = Components.Schemas.InventoryGroup

    static func money(_ money: Components.Schemas.Money?) -> String {
        money.map { Money(amount: $0.amount, currency: $0.currency).formatted } ?? "—"
    }

    static func totals(_ totals: [Components.Schemas.Money]) -> String {
        totals.isEmpty ? "—" : totals.map { money($0) }.joined(separator: " + ")
    }

    static func summary(_ summary: Components.Schemas.InventorySummary) -> String {
        guard summary.itemCount > 0 else { return "No items yet. Add one with `hearth inventory add NAME --photo photo.jpg`." }
        return """
            \(summary.itemCount.counted(.item)) worth \(totals(summary.totals))
            Documented: \(summary.documentedCount) of \(summary.itemCount) (\(Int((summary.documentedShare * 100).rounded())) %), score \(summary.score) %
            Missing: \(summary.missingPhotos.counted(.photo)), \(summary.missingReceipts.counted(.receipt)), \(summary.missingValues.counted(.value))
            Warranties ending in 90 days: \(summary.warrantiesEnding)
            """
    }

    static func score(_ summary: Components.Schemas.InventorySummary) -> String {
        var lines = ["Documentation score: \(summary.score) % (\(summary.documentedCount) of \(summary.itemCount.counted(.item)) documented)"]
        let rooms = summary.byRoom.filter { $0.itemCount > 0 }
        if !rooms.isEmpty {
            lines.append("By room:")
            let width = rooms.map { ($0.name ?? "No room").count }.max() ?? 0
            lines += rooms.map { "  \(($0.name ?? "No room").padding(toLength: width, withPad: " ", startingAt: 0))  \($0.score) %  (\($0.itemCount.counted(.item)))" }
        }
        if !summary.fixNext.isEmpty {
            lines.append("Fix next:")
            lines += summary.fixNext.map { entry in
                let risk = entry.valueAtRisk.map { "\(money($0)) at risk" } ?? "no value"
                return "  \(entry.item.name) (\(risk)): \(entry.item.missing.map(action).joined(separator: ", "))"
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One line per item: name, room, value, score.
    static func table(_ items: [Item], total: Int, rooms: [Group]) -> String {
        let roomNames = Dictionary(uniqueKeysWithValues: rooms.map { ($0.id, $0.name) })
        let nameWidth = min(items.map(\.name.count).max() ?? 0, 40)
        let roomWidth = items.map { roomNames[$0.roomId ?? ""]?.count ?? 7 }.max() ?? 0
        var lines = items.map { item in
            let name = item.name.count > 40 ? String(item.name.prefix(39)) + "…" : item.name
            return "\(name.padding(toLength: nameWidth, withPad: " ", startingAt: 0))  "
                + "\((item.roomId.flatMap { roomNames[$0] } ?? "No room").padding(toLength: roomWidth, withPad: " ", startingAt: 0))  "
                + "\(money(item.value).leftPadded(to: 12))  \(String(item.documentationScore).leftPadded(to: 3)) %"
        }
        if total > items.count { lines.append("… and \(total - items.count) more.") }
        return lines.joined(separator: "\n")
    }

    static func detail(_ item: Item, rooms: [Group], categories: [Group]) -> String {
        var lines = ["\(item.name)  (\(item.documentationScore) % documented\(item.isDocumented ? ", documented" : ""))"]
        func add(_ label: String, _ value: String?) { if let value { lines.append("  \(label): \(value)") } }
        add("Room", item.roomId.flatMap { id in rooms.first { $0.id == id }?.name })
        add("Category", item.categoryId.flatMap { id in categories.first { $0.id == id }?.name })
        add("Quantity", item.quantity > 1 ? "\(item.quantity)" : nil)
        add("Brand", item.brand)
        add("Model", item.model)
        add("Serial number", item.serialNumber)
        add("Barcode", item.barcode)
        add("Purchased", [item.purchaseDate, item.purchasePlace.map { "at \($0)" }].compactMap { $0 }.joined(separator: " ").nilIfEmpty)
        add("Purchase price", item.purchasePrice.map { money($0) })
        add("Replacement value", item.replacementValue.map { money($0) })
        add("Actual cash value", item.actualCashValue.map { "\(money($0)) today" })
        add("Warranty until", item.warrantyUntil)
        add("Photos", item.photoCount > 0 ? "\(item.photoCount)" : nil)
        add("Receipts", item.receiptCount > 0 ? "\(item.receiptCount)" : nil)
        add("Tags", item.tags.isEmpty ? nil : item.tags.joined(separator: ", "))
        if !item.missing.isEmpty { lines.append("  Still missing: \(item.missing.map(action).joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }

    static func receipt(_ receipt: Components.Schemas.Receipt) -> String {
        switch receipt.status {
        case .reading: return "Still reading; look again later on the Receipts page."
        case .unreadable: return "The receipt could not be read. It is kept: type its fields on the Receipts page."
        case .read, .confirmed:
            let fields = receipt.status == .confirmed ? nil : receipt.proposal
            var lines = ["Read (confirm it on the Receipts page before it reaches your items):"]
            let sure = fields?.confidence
            // A proposed field read unclearly is marked for the person to check.
            func add(_ label: String, _ value: String?, _ confidence: Double? = nil) {
                let check = value != nil && (confidence.map { $0 < (sure?.check ?? 0) } ?? false)
                lines.append("  \(label): \(value ?? "—")\(check ? "  (check: read unclearly)" : "")")
            }
            add("Shop", receipt.vendor ?? fields?.vendor, receipt.vendor == nil ? sure?.vendor : nil)
            add("Date", receipt.date ?? fields?.date, receipt.date == nil ? sure?.date : nil)
            add("Total", (receipt.total ?? fields?.total).map { money($0) }, receipt.total == nil ? sure?.total : nil)
            add("Tax", (receipt.tax ?? fields?.tax).map { money($0) }, receipt.tax == nil ? sure?.tax : nil)
            add("Number", receipt.number ?? fields?.number, receipt.number == nil ? sure?.number : nil)
            let lineItems = fields?.lines.map { ($0.description, $0.quantity, $0.amount) } ?? receipt.lines.map { ($0.description, $0.quantity, $0.amount) }
            if !lineItems.isEmpty {
                lines.append("  Lines:")
                lines += lineItems.map { "    \($0.1 > 1 ? "\($0.1) × " : "")\($0.0)  \(money($0.2))" }
            }
            return lines.joined(separator: "\n")
        }
    }

    static func action(_ field: Components.Schemas.DocumentationField) -> String {
        DocumentationField(rawValue: field.rawValue)?.action.lowercased() ?? field.rawValue
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
