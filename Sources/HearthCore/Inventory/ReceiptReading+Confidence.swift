import Foundation

/// How sure a receipt's reading is of each field it proposes: 0 (a guess) to 1 (printed clearly and
/// borne out by the rest of the receipt). A page asks the person to check a field below ``check``;
/// the reading leaves a field below ``floor`` empty rather than guess.
public struct ReceiptConfidence: Sendable, Equatable, Codable {
    public var vendor: Double?
    public var date: Double?
    public var total: Double?
    public var tax: Double?
    public var number: Double?
    public var currency: Double

    /// Below this a field is shown for the person to check.
    public static let check = 0.6
    /// Below this a field is not proposed at all.
    public static let floor = 0.25

    public init(vendor: Double? = nil, date: Double? = nil, total: Double? = nil, tax: Double? = nil, number: Double? = nil,
                currency: Double) {
        self.vendor = vendor
        self.date = date
        self.total = total
        self.tax = tax
        self.number = number
        self.currency = currency
    }

    /// The same, without the fields below `floor` (they are not proposed).
    func kept(atLeast floor: Double) -> ReceiptConfidence {
        let keep = { (value: Double?) in value.flatMap { $0 >= floor ? $0 : nil } }
        return ReceiptConfidence(vendor: keep(vendor), date: keep(date), total: keep(total), tax: keep(tax), number: keep(number),
                                 currency: currency)
    }
}

extension ReceiptReading {
    /// The shop's name as found, with the lines it stands on and whether it has a legal form.
    struct FoundVendor {
        let name: String
        let lines: ClosedRange<Int>
        let registered: Bool
    }

    /// The day of purchase as found, with its line, whether a label says it is the purchase's, and
    /// whether it reads only one way (no day and month that could swap, a four-digit year).
    struct FoundDate {
        let date: CalendarDate
        let line: Int
        let labelled: Bool
        let plain: Bool
    }

    /// What the rules found on a receipt, with what their confidence is worked out from.
    struct Found {
        let vendor: FoundVendor?
        let date: FoundDate?
        let total: FoundTotal?
        let tax: Money?
        let number: String?
        let currency: (code: String, printed: Bool)
    }

    /// Each field's confidence: how sure the rule that found it is, times how clearly OCR read the
    /// line it stands on. The rules' shares were set on real receipts (the SROIE development set):
    /// a total the receipt bears out, a registered shop name and a date that reads only one way
    /// were right far more often than a lone total line, a first line or a date whose day and month
    /// could swap. A currency the receipt does not show is the household's: worth a check.
    static func confidence(of found: Found, in lines: [ScannedLine]) -> ReceiptConfidence {
        func clarity(of indices: ClosedRange<Int>) -> Double { Self.clarity(indices.map { lines[$0].confidence }.min() ?? 0) }
        // A total printed below its label stands on both lines.
        let totalLines = found.total.map { total in
            lines[total.line].amounts.isEmpty && lines.indices.contains(total.line + 1) ? total.line...(total.line + 1) : total.line...total.line
        }
        let vendor = found.vendor.map { vendor in (vendor.registered ? 0.95 : 0.75) * clarity(of: vendor.lines) }
        let date = found.date.map { date in ((date.plain ? 0.9 : 0.7) + (date.labelled ? 0.1 : 0)) * clarity(of: date.line...date.line) }
        let total = found.total.map { total in
            let rule = total.borneOut ? 1.0 : [0: 0.8, 1: 0.7][total.rank ?? -1] ?? 0.5
            return rule * clarity(of: totalLines ?? total.line...total.line)
        }
        // A tax worked out from subtotal and total is as clear as the total; a printed one stands
        // below the items (an item may cost the same).
        let tax = found.tax.map { tax in
            let line = lines.lastIndex { $0.amounts.contains { $0.money == tax } }
            return 0.75 * (line.map { clarity(of: $0...$0) } ?? totalLines.map { clarity(of: $0) } ?? 0.5)
        }
        let number = found.number.map { number in
            // A number OCR split with a space ("0417 -2231") stands where its first part does.
            let part = number.split(separator: "-").first.map(String.init) ?? number
            return 0.8 * (lines.firstIndex { $0.text.contains(part) }.map { clarity(of: $0...$0) } ?? 0.5)
        }
        let hundredths = { (value: Double?) in value.map { ($0 * 100).rounded() / 100 } }
        return ReceiptConfidence(vendor: hundredths(vendor), date: hundredths(date), total: hundredths(total), tax: hundredths(tax),
                                 number: hundredths(number), currency: found.currency.printed ? 1 : 0.5)
    }

    /// How much OCR's confidence in a line (0...1) leaves of a rule's: nothing below 0.3, all above 0.9.
    static func clarity(_ ocr: Double) -> Double {
        min(max((ocr - 0.3) / 0.6, 0), 1)
    }
}
