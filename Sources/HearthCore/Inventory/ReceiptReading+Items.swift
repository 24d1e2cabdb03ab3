import Foundation

extension ReceiptReading {
    /// The items: lines with a description and a price, up to the first subtotal, total or tax line
    /// below them (an order total printed above the items does not end them, and what follows it
    /// counts only when a total closes it). Savings, coupons and payments are not items. A count is
    /// read where receipts print it: "2 x Pen", "2 of: Pen", "2 Flat White", "Pen 2 @ 1.99 3.98", a
    /// table's Qty column, a "3 @ 1.25  3.75" or "2.14 lb @ 0.59 /lb  1.26" line under the name, or a
    /// "2 x 3,49" line above the item or "2 @ 3.00 ea" below it when the prices agree.
    static func items(in lines: [ScannedLine]) -> [ReceiptLine] {
        var items: [ReceiptLine] = []
        var pendingName: String?
        var pendingCount: (count: Int, unit: Money)?
        var totalAbove = false, lastWasItem = false
        for line in lines {
            let previousWasItem = lastWasItem
            lastWasItem = false
            guard let last = line.amounts.last?.money else {
                if describesItem(line) { pendingName = itemDescription(line.text) }
                continue
            }
            if endsItems(line) {
                if !items.isEmpty { return items }
                totalAbove = true
                continue
            }
            guard last.amount > 0, !line.hasAny(notItems) else {
                pendingName = nil
                continue
            }
            let head = String(line.text[..<line.amounts[0].range.lowerBound])
            switch shape(of: head, amounts: line.amounts.map(\.money)) {
            case let .item(name, count, amount):
                var quantity = count
                if count == 1, let pending = pendingCount, pending.unit.times(pending.count) == last { quantity = pending.count }
                items.append(ReceiptLine(description: name, quantity: quantity, amount: amount ?? last))
                pendingName = nil
                pendingCount = nil
                lastWasItem = true
            case let .count(count, unit):
                if let name = pendingName, unit == nil {
                    items.append(ReceiptLine(description: name, quantity: count, amount: last))
                } else if let unit, previousWasItem, let item = items.last, item.quantity == 1, item.amount == unit.times(count) {
                    items[items.count - 1].quantity = count
                } else if let unit {
                    pendingCount = (count, unit)
                }
                pendingName = nil
            }
        }
        return totalAbove ? [] : items
    }

    /// What one priced line says: an item (with its count, and its total when the printed price is
    /// a unit price), or only a count for the item named above or below it.
    private enum Shape {
        case item(String, count: Int, amount: Money?)
        case count(Int, unit: Money?)
    }

    /// The shape of a priced line from `rawHead`, its text before the first amount.
    private static func shape(of rawHead: String, amounts: [Money]) -> Shape {
        let head = rawHead.trimmingCharacters(in: CharacterSet(charactersIn: " $€£¥"))
        let last = amounts[amounts.count - 1], first = amounts[0]
        let paired = amounts.count >= 2
        func fits(_ count: Int) -> Bool { !paired || first.times(count) == last }
        if let match = head.wholeMatch(of: #/(\d{1,3})\s*(?:[xX*]|of:?)(?:\s+(.*))?/#), let count = Int(match.1), count > 0 {
            let rest = String(match.2 ?? "")
            if !hasDescription(rest) { return .count(count, unit: paired ? nil : first) }
            if fits(count) { return .item(itemDescription(rest), count: count, amount: nil) }
        }
        if let match = head.wholeMatch(of: #/(.*?)\s*(\d{1,3})\s*[@xX*]/#), let count = Int(match.2), count > 0 {
            let rest = String(match.1)
            if !hasDescription(rest) { return .count(count, unit: paired ? nil : first) }
            if fits(count) { return .item(itemDescription(rest), count: count, amount: paired ? nil : first.times(count)) }
        }
        if !hasDescription(head) {
            return .count(head.firstMatch(of: #/^\d{1,3}(?=\s)/#).flatMap { Int($0.output) } ?? 1, unit: nil)
        }
        var tokens = head.split(separator: " ").map(String.init)
        if paired, tokens.count > 1, let count = Int(tokens[tokens.count - 1]), count > 0, fits(count) {
            tokens.removeLast()
            return .item(itemDescription(tokens.joined(separator: " ")), count: count, amount: nil)
        }
        if paired, first == last, tokens.count > 1, let qty = tokens.last, qty.count <= 2, !qty.contains(where: \.isNumber) {
            tokens.removeLast()  // a Qty column of 1 that OCR read as "i", "if" or "|"
            return .item(itemDescription(tokens.joined(separator: " ")), count: 1, amount: nil)
        }
        if let match = head.wholeMatch(of: #/(\d{1,2})\s+(\p{L}.*)/#), let count = Int(match.1), count > 0,
           !measures.contains(words(of: String(match.2)).first ?? ""), fits(count) {
            return .item(itemDescription(String(match.2)), count: count, amount: nil)
        }
        return .item(itemDescription(head), count: 1, amount: nil)
    }

    /// Whether `text` has a word that is more than a count or a unit ("2.14 lb @" has none).
    private static func hasDescription(_ text: String) -> Bool {
        words(of: text).contains { $0.count >= 2 && !countWords.contains($0) }
    }

    /// A described line without a price: the name of an item whose count and price follow below.
    private static func describesItem(_ line: ScannedLine) -> Bool {
        line.words.contains { $0.count >= 3 } && dates(in: line.text, currency: "USD").isEmpty
            && line.text.firstMatch(of: #/\d{1,2}:\d{2}/#) == nil && number(in: [line.text]) == nil && !line.hasAny(taxWords)
    }

    /// Where the items end: the first priced subtotal, total or tax line.
    private static func endsItems(_ line: ScannedLine) -> Bool {
        totalRank(line) != nil || line.hasAny(taxWords) || line.hasAny(["subtotal", "zwischensumme", "total", "summe"])
    }

    /// The printed description without leader dots, stray marks or currency symbols at its ends, and
    /// without the shop's article codes ("007874237003", "000000004011KF") or the tax flag after one.
    private static func itemDescription(_ text: String) -> String {
        var tokens: [Substring] = []
        var afterCode = false
        for token in text.split(separator: " ") {
            if token.wholeMatch(of: #/\d{6,}[A-Za-z]{0,2}/#) != nil {
                afterCode = true
                continue
            }
            if afterCode && token.count == 1 && token.first?.isUppercase == true { continue }
            afterCode = false
            tokens.append(token)
        }
        return tokens.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " .:-*@=_|$€£¥#,;~"))
    }

    private static let countWords: Set<String> = ["lb", "lbs", "kg", "oz", "ea", "each", "pc", "pcs", "st", "stk", "at", "x"]
    private static let measures: Set<String> = [
        "pack", "pk", "ct", "count", "oz", "lb", "lbs", "kg", "g", "ml", "l", "gal", "in", "inch", "ft", "mm", "cm", "m", "gb", "tb",
        "mb", "w", "v", "watt", "volt", "port", "piece", "pieces", "pc", "pcs", "x", "er", "st", "roll", "rolls", "rl",
    ]
    private static let notItems: Set<String> = [
        "savings", "saving", "saved", "discount", "coupon", "cpn", "rabatt", "remise", "promo", "deposit", "change", "tendered",
        "tend", "paid", "payment", "visa", "mastercard", "amex", "girocard", "ruckgeld", "auth", "points", "refund",
    ]
}
