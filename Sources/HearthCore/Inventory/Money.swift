import Foundation

/// An amount of money: an integer number of minor units (cents) and an ISO 4217 currency code.
/// Never a floating-point number, so sums are exact.
public struct Money: Sendable, Equatable, Hashable, Codable {
    /// Minor units: 89900 is 899.00 in a currency with two decimals, 899 yen in one with none.
    public var amount: Int
    /// Upper-case ISO 4217 code, e.g. "USD", "EUR", "JPY".
    public var currency: String

    public init(amount: Int, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// The largest amount Hearth accepts (a billion in major units of a two-decimal currency).
    public static let maximumAmount = 100_000_000_000

    /// Reads an amount as people type it ("899", "899.00", "1,299.99", "1.299,99", "12,50") in
    /// `currency`. Returns nil for anything else, for a negative amount, for more decimals than the
    /// currency has, or for an amount over ``maximumAmount``.
    public init?(parsing raw: String, currency: String) {
        guard let digits = Currency.minorDigits(currency) else { return nil }
        var text = raw.trimming(.whitespaces)
        text.removeAll { $0 == " " || $0 == "\u{00A0}" || $0 == "'" || $0 == "\u{2009}" || $0 == "_" }
        if let symbol = Currency.symbol(currency), text.hasPrefix(symbol) { text.removeFirst(symbol.count) }
        if text.uppercased().hasPrefix(currency) { text.removeFirst(currency.count) }
        if text.uppercased().hasSuffix(currency) { text.removeLast(currency.count) }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }),
              text.first?.isNumber == true
        else { return nil }
        var whole = text, fraction = ""
        if let separator = Self.decimalSeparator(in: text, currencyDigits: digits) {
            whole = String(text[..<separator])
            fraction = String(text[text.index(after: separator)...])
        }
        // Grouping separators split the whole part into 1–3 digits, then threes: "1,299,000".
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false).flatMap { $0.split(separator: ".", omittingEmptySubsequences: false) }
        guard groups.count == 1 || ((1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 }) else { return nil }
        whole.removeAll { $0 == "." || $0 == "," }
        guard !whole.isEmpty, whole.count <= 15, fraction.count <= digits, let major = Int(whole) else { return nil }
        let minor = Int(fraction.padding(toLength: digits, withPad: "0", startingAt: 0)) ?? 0
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let (product, overflow) = major.multipliedReportingOverflow(by: scale)
        guard !overflow, product + minor <= Self.maximumAmount else { return nil }
        self.init(amount: product + minor, currency: currency)
    }

    /// Where the decimal point is, if there is one. With both "." and "," the last one is it
    /// ("1,299.99", "1.299,99"); a separator that appears twice groups thousands ("1,299,000"); a lone
    /// one before exactly three digits groups thousands too ("1,500"), unless the whole part is zero
    /// or the currency has three decimals.
    static func decimalSeparator(in text: String, currencyDigits: Int) -> String.Index? {
        guard let last = text.lastIndex(where: { $0 == "." || $0 == "," }) else { return nil }
        let kinds = Set(text.filter { $0 == "." || $0 == "," })
        if kinds.count == 2 { return last }
        if text.filter({ $0 == text[last] }).count > 1 { return nil }
        let decimals = text.distance(from: text.index(after: last), to: text.endIndex)
        let wholeIsZero = text[..<last].allSatisfy { $0 == "0" }
        if decimals == 3 && !wholeIsZero && currencyDigits != 3 { return nil }
        return last
    }

    /// The amount with its decimals and no grouping: "899.00", "1299.99", "500" (JPY).
    public var decimalString: String {
        let digits = Currency.minorDigits(currency) ?? 2
        guard digits > 0 else { return String(amount) }
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let sign = amount < 0 ? "-" : ""
        let magnitude = amount.magnitude
        let fraction = String(magnitude % UInt(scale))
        return "\(sign)\(magnitude / UInt(scale)).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
    }

    /// For people: "$1,299.99", "€12.50", "¥500", "CHF 45.00" (grouping with commas, symbol when known).
    public var formatted: String {
        let parts = decimalString.split(separator: ".", maxSplits: 1)
        var grouped = ""
        for (index, character) in parts[0].reversed().enumerated() {
            if index > 0 && index % 3 == 0 && character != "-" { grouped.append(",") }
            grouped.append(character)
        }
        let number = String(grouped.reversed()) + (parts.count > 1 ? "." + parts[1] : "")
        if let symbol = Currency.symbol(currency) { return symbol + number }
        return "\(currency) \(number)"
    }

    /// This amount times `count` (a quantity), nil on overflow.
    public func times(_ count: Int) -> Money? {
        let (product, overflow) = amount.multipliedReportingOverflow(by: count)
        return overflow ? nil : Money(amount: product, currency: currency)
    }
}

/// ISO 4217 currencies: which codes exist and how many decimals each has.
public enum Currency {
    /// Currencies without minor units or with three; every other known code has two.
    private static let zeroDigits: Set<String> = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX",
                                                  "UYI", "VND", "VUV", "XAF", "XOF", "XPF"]
    private static let threeDigits: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    private static let symbols: [String: String] = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩",
                                                    "ILS": "₪", "NGN": "₦", "UAH": "₴", "VND": "₫", "PHP": "₱", "TRY": "₺"]

    /// Every code Hearth accepts, sorted.
    public static let codes: [String] = Locale.commonISOCurrencyCodes.filter { $0.count == 3 && $0.allSatisfy(\.isUppercase) }.sorted()
    private static let known = Set(codes)

    /// Decimals of `code`, or nil when it is not an ISO 4217 currency.
    public static func minorDigits(_ code: String) -> Int? {
        guard known.contains(code) else { return nil }
        if zeroDigits.contains(code) { return 0 }
        if threeDigits.contains(code) { return 3 }
        return 2
    }

    /// Whether `code` is a currency Hearth knows.
    public static func isKnown(_ code: String) -> Bool { known.contains(code) }

    /// The sign people write before amounts of `code`, where one is unambiguous.
    public static func symbol(_ code: String) -> String? { symbols[code] }
}

extension Money {
    /// Amounts added up per currency, the largest sum first: a household's or a claim's totals.
    public static func totals(_ amounts: some Sequence<Money>) -> [Money] {
        var sums: [String: Int] = [:]
        for money in amounts { sums[money.currency, default: 0] += money.amount }
        return sums.map { Money(amount: $0.value, currency: $0.key) }.sorted { ($0.amount, $1.currency) > ($1.amount, $0.currency) }
    }

    /// The totals for people: "$12,400.00 + €300.00", or "—" when there is none.
    public static func totalsText(_ amounts: some Sequence<Money>) -> String {
        let totals = totals(amounts)
        return totals.isEmpty ? "—" : totals.map(\.formatted).joined(separator: " + ")
    }
}
