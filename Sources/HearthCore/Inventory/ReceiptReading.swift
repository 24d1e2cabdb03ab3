import Foundation

/// One thing bought, as a receipt prints it: what, how many, and what the line cost.
public struct ReceiptLine: Sendable, Equatable, Codable {
    /// What was bought, as printed ("USB-C CABLE 2M").
    public var description: String
    /// How many; 1 when the receipt prints no count.
    public var quantity: Int
    /// The line's total (quantity times unit price), nil when no price could be read.
    public var amount: Money?

    /// A line as read, or as a person corrected it.
    public init(description: String, quantity: Int = 1, amount: Money?) {
        self.description = description
        self.quantity = quantity
        self.amount = amount
    }
}

/// What Hearth proposes after reading a receipt. The person confirms or corrects every field before
/// anything is saved, so a field the text does not show clearly is nil rather than a guess.
public struct ReceiptProposal: Sendable, Equatable, Codable {
    /// The shop or seller, as printed at the top.
    public var vendor: String?
    /// The day of purchase (never a return-by, delivery or due date).
    public var date: CalendarDate?
    /// What the purchase cost: the TOTAL / GRAND TOTAL / AMOUNT DUE / Summe line.
    public var total: Money?
    /// The tax on the purchase (sales tax added, or VAT / MwSt included), summed over its rates.
    public var tax: Money?
    /// The receipt, invoice, transaction or order number.
    public var number: String?
    /// The receipt's ISO 4217 currency: printed on it ($, €, CHF...) or else the household's.
    public var currency: String
    /// The items bought, in printed order.
    public var lines: [ReceiptLine]
    /// How sure the reading is of each field; nil for readings made before Hearth said.
    public var confidence: ReceiptConfidence?

    /// A proposal; every field but the currency may be unknown.
    public init(vendor: String? = nil, date: CalendarDate? = nil, total: Money? = nil, tax: Money? = nil,
                number: String? = nil, currency: String, lines: [ReceiptLine] = [], confidence: ReceiptConfidence? = nil) {
        self.vendor = vendor
        self.date = date
        self.total = total
        self.tax = tax
        self.number = number
        self.currency = currency
        self.lines = lines
        self.confidence = confidence
    }
}

/// Reads the text that OCR makes of a photographed receipt into a ``ReceiptProposal``.
///
/// Pure and forgiving: OCR text has stray marks, letters for digits and spaces inside amounts, and
/// shops print the same facts in many ways across countries. Each field has its own rules
/// (`ReceiptReading+Labels`, `+Dates`, `+Items`) over lines whose amounts were found once
/// (`+Amounts`).
public enum ReceiptReading {
    /// The proposal for one receipt's text, typed or pasted: every line is taken as read exactly.
    /// `fallbackCurrency` is the household's currency, used when the text shows none ($, €, £, USD, EUR, CHF ...).
    public static func propose(from text: String, fallbackCurrency: String) -> ReceiptProposal {
        propose(from: text.split(whereSeparator: \.isNewline).map { (String($0), 1) }, fallbackCurrency: fallbackCurrency)
    }

    /// The proposal for the lines OCR read of one receipt, each with OCR's confidence in it (0...1).
    /// A field whose confidence falls below ``ReceiptConfidence/floor`` is left empty, not guessed.
    public static func propose(from read: [(text: String, confidence: Double)], fallbackCurrency: String) -> ReceiptProposal {
        let kept = read.map { (text: cleaned($0.text), confidence: $0.confidence) }.filter { !$0.text.isEmpty }
        let texts = kept.map(\.text)
        let currency = currency(of: texts, fallback: fallbackCurrency)
        let lines = kept.map { ScannedLine(text: $0.text, currency: currency.code, confidence: $0.confidence) }
        let items = items(in: lines), printedTax = tax(in: lines)
        let total = total(in: lines, items: items, tax: printedTax)
        let found = Found(
            vendor: vendor(in: lines), date: date(in: texts, currency: currency.code), total: total,
            tax: checkedTax(printedTax, total: total, in: lines), number: number(in: texts), currency: currency
        )
        // A field keeps its value only where it keeps its confidence.
        let sure = confidence(of: found, in: lines).kept(atLeast: ReceiptConfidence.floor)
        return ReceiptProposal(
            vendor: sure.vendor == nil ? nil : found.vendor?.name, date: sure.date == nil ? nil : found.date?.date,
            total: sure.total == nil ? nil : found.total?.money, tax: sure.tax == nil ? nil : found.tax,
            number: sure.number == nil ? nil : found.number, currency: currency.code, lines: items, confidence: sure
        )
    }

    /// One line of receipt text with its words and amounts, worked out once.
    struct ScannedLine {
        /// The cleaned text.
        let text: String
        /// Its words in lower case without accents ("Total à payer" -> total, a, payer).
        let words: [String]
        /// The amounts printed on it, left to right.
        let amounts: [FoundAmount]
        /// How sure OCR is of the line, 0...1 (1 for typed text).
        let confidence: Double

        /// Scans a cleaned line, reading its amounts in `currency`.
        init(text: String, currency: String, confidence: Double = 1) {
            self.text = text
            self.confidence = confidence
            self.words = ReceiptReading.words(of: text)
            self.amounts = ReceiptReading.amounts(in: text, currency: currency)
        }

        /// Whether the words hold `phrase` ("grand total") as whole words.
        func has(_ phrase: String) -> Bool {
            (" " + words.joined(separator: " ") + " ").contains(" \(phrase) ")
        }

        /// Whether any of `words` is among its words.
        func hasAny(_ candidates: Set<String>) -> Bool {
            words.contains { candidates.contains($0) }
        }
    }

    /// Lower-case words without accents, split at anything that is not a letter.
    static func words(of text: String) -> [String] {
        folded(text).split { !$0.isLetter }.map(String.init)
    }

    /// `text` in lower case without accents, for comparing words ("Résumé" -> "resume").
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    /// One line as OCR gave it, made comparable: typographic marks as plain ones, letters OCR put
    /// inside numbers turned back into digits, spaces around a decimal separator removed, and stray
    /// marks from the paper's edge dropped.
    static func cleaned(_ raw: String) -> String {
        var text = String(raw.map { plainMarks[$0] ?? $0 })
        text = text.split(separator: " ", omittingEmptySubsequences: true).map { repairedNumber(String($0)) }.joined(separator: " ")
        text = text.replacing(#/(\d)\s*([.,])\s+(\d{2})(?!\d)|(\d)\s+([.,])\s*(\d{2})(?!\d)/#) { match in
            "\(match.1 ?? match.4 ?? "")\(match.2 ?? match.5 ?? "")\(match.3 ?? match.6 ?? "")"
        }
        // A date OCR spaced out or marked: "26- 06- "2018", "15 /06/ 2018", "20~-06- "2018", "O5- 05: 2018",
        // "09- -06- 2018" (an O for a zero, a colon for the second dash, a dash or slash read twice
        // before a four-digit year: "2 .. 4.50" is an item's dot leader and price).
        let spaced = text
        text = text.replacing(#/([\dO]{1,2})[ ~]?([-\/.])[ ~]?(?:\2 ?)?["']? ?([\dO]{1,2})[ ~]?(?:\2|:)[ ~]?(?:\2 ?)?["']? ?(\d{4}|\d{2})(?!\d)/#) { match in
            let day = match.1.replacing("O", with: "0"), month = match.3.replacing("O", with: "0")
            let before = spaced[..<match.range.lowerBound].last
            let doubled = match.0.count { $0 == match.2.first } > 2
            guard day.contains(where: \.isNumber), month.contains(where: \.isNumber), before.map({ !$0.isLetter && !$0.isNumber }) ?? true,
                  !doubled || (match.2 != "." && match.4.count == 4)
            else { return String(match.0) }
            return "\(day)\(match.2)\(month)\(match.2)\(match.4)"
        }
        // A currency sign glued to the word before its amount: "Grand TotalRM14.20".
        text = text.replacing(#/(?i)(total|amount|amt|due|paid|cash|change)(RM|Rp)(\d)/#) { "\($0.1) \($0.2)\($0.3)" }
        let edgeMarks: Set<Character> = ["|", "_", "~", "=", ":", ";", ",", ".", "'", "`", "^", "*", ">", "<", "»", "«", "\"", "!"]
        while let first = text.first, edgeMarks.contains(first) || first == " " || (first == "-" && text.dropFirst().first == " ") {
            text.removeFirst()
        }
        while let last = text.last, last == " " || last == "|" || last == "_" || last == "~" || last == "=" {
            text.removeLast()
        }
        return text
    }

    private static let plainMarks: [Character: Character] = [
        "\u{2018}": "'", "\u{2019}": "'", "`": "'", "\u{00B4}": "'", "\u{201C}": "\"", "\u{201D}": "\"", "\u{201E}": "\"",
        "\u{2013}": "-", "\u{2014}": "-", "\u{2010}": "-", "\u{2212}": "-", "\u{00A0}": " ", "\u{2009}": " ", "\u{202F}": " ",
        "\t": " ", "\u{2022}": " ", "\u{00B7}": " ", "\u{00D7}": "x", "\u{FFE5}": "¥",
    ]
}
