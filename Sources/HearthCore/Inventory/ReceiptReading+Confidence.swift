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
    /// What the rules found on a receipt, with what their confidence is worked out from.
    struct Found {
        let vendor: (name: String, lines: ClosedRange<Int>, registered: Bool)?
        let date: (date: CalendarDate, line: Int, labelled: Bool, plain: Bool)?
        let total: FoundTotal?
        let tax: Money?
        let number: String?
        let currency: (code: String, printed: Bool)
    }

    /// Each field's confidence: how sure the rule that found it is, times how clearly OCR read the
    /// line it stands on. The rules' shares were set on real receipts (the SROIE development set):
    /// a total the receipt bears out, a registered shop name and a date that reads only one way
    /// were right far more often than a lone total line, a first line or a date whose day and month
    /// could swap.
    static func confidence(of found: Found, in lines: [ScannedLine]) -> ReceiptConfidence {
        func read(_ indices: ClosedRange<Int>) -> Double { clarity(indices.map { lines[$0].confidence }.min() ?? 0) }
        let vendor = found.vendor.map { (found: (name: String, lines: ClosedRange<Int>, registered: Bool)) in
            (found.registered ? 0.95 : 0.75) * read(found.lines)
        }
        let date = found.date.map { found in
            ((found.plain ? 0.9 : 0.7) + (found.labelled ? 0.1 : 0)) * read(found.line...found.line)
        }
        let total = found.total.map { total in
            let rule = total.borneOut ? 1.0 : [0: 0.8, 1: 0.7][total.rank ?? -1] ?? 0.5
            return rule * read(total.line...total.line)
        }
        let tax = found.tax.map { tax in
            let line = lines.firstIndex { $0.amounts.contains { $0.money == tax } }
            return 0.75 * (line.map { read($0...$0) } ?? 1)
        }
        let number = found.number.map { number in
            0.8 * (lines.firstIndex { $0.text.contains(number) }.map { read($0...$0) } ?? 1)
        }
        let hundredths = { (value: Double?) in value.map { ($0 * 100).rounded() / 100 } }
        return ReceiptConfidence(vendor: hundredths(vendor), date: hundredths(date), total: hundredths(total), tax: hundredths(tax),
                                 number: hundredths(number), currency: found.currency.printed ? 1 : 0.8)
    }

    /// How much OCR's confidence in a line (0...1) leaves of a rule's: nothing below 0.3, all above 0.9.
    static func clarity(_ ocr: Double) -> Double {
        min(max((ocr - 0.3) / 0.6, 0), 1)
    }
}
