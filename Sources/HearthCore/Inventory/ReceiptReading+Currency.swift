import Foundation

extension ReceiptReading {
    /// The currency the receipt shows, else `fallback` (the household's). Evidence is a sign written
    /// against an amount ("$12.99", "12,99 €", "RM 7.70"), a local sign standing as a word ("Total (RM)",
    /// "Rp", "zł"), or an ISO code that is a common one or stands next to a number ("EUR 12.00"), so
    /// "ALL ITEMS" is not Albanian lek and OCR's stray "¥" or "$" (a misread S) in a word is no
    /// currency. The sign or code shown most often wins; the household's currency wins a tie. "$" is
    /// the household's own dollar where it uses one (CAD, AUD ...), else USD.
    /// `printed`: the receipt shows it (else it is the household's).
    static func currency(of lines: [String], fallback: String) -> (code: String, printed: Bool) {
        var votes: [String: Int] = [:]
        for line in lines {
            for code in codesAgainstAmounts(in: line, fallback: fallback) { votes[code, default: 0] += 2 }
            for word in line.split(whereSeparator: { !$0.isLetter }) where standingSigns.contains(String(word)) {
                if let code = code(ofSign: String(word), fallback: fallback) { votes[code, default: 0] += 1 }
            }
            let tokens = line.split(separator: " ").map(String.init)
            for (index, token) in tokens.enumerated() {
                let bare = token.trimmingCharacters(in: .punctuationCharacters)
                guard bare.count == 3, bare.allSatisfy({ $0.isASCII && $0.isUppercase }), let digits = Currency.minorDigits(bare) else { continue }
                let nextToAmount = [index - 1, index + 1].contains { tokens.indices.contains($0) && isAmount(tokens[$0], digits: digits) }
                if commonCodes.contains(bare) || nextToAmount { votes[bare, default: 0] += 2 }
            }
        }
        let best = votes.max { ($0.value, $0.key == fallback ? 1 : 0, $1.key) < ($1.value, $1.key == fallback ? 1 : 0, $0.key) }
        return best.map { ($0.key, true) } ?? (fallback, false)
    }

    /// The currencies of the signs written right before an amount or right after it (one space
    /// allowed, and a minus after it): "$12.99", "US$ 5.00", "RM7.70", "12,99 €", "1,00- €", "¥1,280". The amount must be
    /// shaped for the currency: two decimals or grouped thousands for most, a whole number for yen or
    /// won (so "¥ 63.80" is no yen, nor "$0000" a dollar). A sign stuck to a word is part of it.
    static func codesAgainstAmounts(in line: String, fallback: String) -> [String] {
        var codes: [String.Index: String] = [:] // by where the sign stands: one between two amounts counts once
        func add(_ sign: Substring, _ number: Substring, spaced: Bool = false) {
            guard let code = code(ofSign: String(sign), fallback: fallback), let digits = Currency.minorDigits(code),
                  isAmount(String(number), digits: digits) else { return }
            // A whole number a space away from a yen sign is as likely a misread mark beside a count.
            if digits == 0 && spaced && number.allSatisfy(\.isNumber) { return }
            codes[sign.startIndex] = code
        }
        for match in line.matches(of: #/(\p{L}{0,3}[$€£¥₹₩₪₦₴₫₱₺₽฿円]|RM|Rp|zł|Kč|kr\.?|S?Fr\.|Rs\.?)( ?)(\d[\d,.']*)/#) {
            let before = match.range.lowerBound > line.startIndex ? line[line.index(before: match.range.lowerBound)] : " "
            if !before.isLetter && !before.isNumber { add(match.1, match.3, spaced: !match.2.isEmpty) }
        }
        for match in line.matches(of: #/(\d[\d,.']*)-? ?([$€£¥₹₩₪₦₴₫₱₺₽฿円]|zł|Kč|kr|RM)/#) {
            let after = line[match.range.upperBound...].first ?? " "
            if !after.isLetter { add(match.2, match.1) }
        }
        return Array(codes.values)
    }

    /// Whether `number` is shaped like an amount with `digits` decimals (``minorUnits(in:digits:)``:
    /// "12.99", "1.249,00") or grouped in thousands ("1,280"); an amount without decimals never starts
    /// with a 0 ("¥001" is no yen).
    private static func isAmount(_ number: String, digits: Int) -> Bool {
        let number = number.trimmingCharacters(in: CharacterSet(charactersIn: ".,'"))
        if number.wholeMatch(of: #/\d{1,3}(?:[,.']\d{3})+/#) != nil { return true }
        if digits == 0 && number.hasPrefix("0") && number != "0" { return false }
        return minorUnits(in: Substring(number), digits: digits) != nil
    }

    /// The currency a sign stands for; nil when it could be several and the household's is none of them.
    private static func code(ofSign sign: String, fallback: String) -> String? {
        switch sign.trimmingCharacters(in: CharacterSet(charactersIn: ".")) {
        case "$": dollars.contains(fallback) ? fallback : "USD"
        case "¥", "円": fallback == "CNY" ? "CNY" : "JPY"
        case "RM": "MYR"
        case "Rp": "IDR"
        case "zł": "PLN"
        case "Kč": "CZK"
        case "Fr", "SFr": "CHF"
        case "kr": kronor.contains(fallback) ? fallback : nil
        case "Rs": rupees.contains(fallback) ? fallback : "INR"
        case let other: prefixedDollars[other] ?? bySymbol[other]
        }
    }

    /// Signs people also write as a word of their own, away from the amounts ("Total (RM)").
    private static let standingSigns: Set<String> = ["RM", "Rp", "zł", "Kč", "kr"]

    private static let bySymbol = Dictionary(Currency.codes.compactMap { code in Currency.symbol(code).map { ($0, code) } }) { first, _ in first }
        .merging(["฿": "THB", "₽": "RUB"]) { first, _ in first }

    /// Dollars of a country, written with its letters before "$".
    private static let prefixedDollars = ["US$": "USD", "S$": "SGD", "SG$": "SGD", "HK$": "HKD", "A$": "AUD", "AU$": "AUD", "C$": "CAD",
                                          "CA$": "CAD", "NZ$": "NZD", "R$": "BRL", "MX$": "MXN", "NT$": "TWD"]
    private static let kronor: Set<String> = ["SEK", "NOK", "DKK", "ISK"]
    private static let rupees: Set<String> = ["INR", "PKR", "LKR", "NPR", "MUR"]
    private static let dollars: Set<String> = ["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "TWD", "BSD", "BBD", "BZD", "BMD",
                                               "KYD", "FJD", "JMD", "LRD", "NAD", "SBD", "SRD", "TTD", "XCD", "GYD", "ARS", "CLP", "COP"]
    private static let commonCodes: Set<String> = ["USD", "EUR", "GBP", "CHF", "CAD", "AUD", "NZD", "JPY", "CNY", "HKD", "SGD", "SEK",
                                                   "NOK", "DKK", "PLN", "CZK", "HUF", "INR", "MXN", "BRL", "ZAR", "MYR", "IDR", "THB",
                                                   "KRW", "TWD", "VND"]
}
