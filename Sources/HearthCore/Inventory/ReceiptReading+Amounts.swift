import Foundation

extension ReceiptReading {
    /// An amount printed on a line, and where.
    struct FoundAmount: Equatable {
        /// The amount; negative for a discount printed "-0.80" or "1,00-".
        var money: Money
        /// Where it stands in the line (digits only, without sign or currency symbol).
        var range: Range<String.Index>
    }

    /// The amounts on `line`, left to right: "12.99", "1,249.00", "1.249,00", "1'249.00", "12,50 €",
    /// "-0.80", "1,00-". A number needs exactly the currency's decimals ("12.5" and "8.625" are not
    /// amounts in dollars), and a percentage ("8.25%"), a unit price ("0.59 /lb") or a weight
    /// ("2.14 lb") is not an amount either. A currency without decimals (JPY) counts a whole number
    /// when a symbol stands before it, when it is grouped ("1,280") or when it ends the line.
    static func amounts(in line: String, currency: String) -> [FoundAmount] {
        let digits = Currency.minorDigits(currency) ?? 2
        var found: [FoundAmount] = []
        var index = line.startIndex
        while index < line.endIndex {
            // A run starts at a digit, or at a separator before one when no digit precedes it (".33").
            let next = line.index(after: index)
            let startsFraction = (line[index] == "." || line[index] == ",") && next < line.endIndex && line[next].isNumber
                && (index == line.startIndex || !line[line.index(before: index)].isNumber)
            guard line[index].isASCII && line[index].isNumber || startsFraction else {
                index = next
                continue
            }
            var end = index
            while end < line.endIndex, "0123456789.,'".contains(line[end]) { end = line.index(after: end) }
            var digitsEnd = end
            while ".,'".contains(line[line.index(before: digitsEnd)]) { digitsEnd = line.index(before: digitsEnd) }
            if let value = minorUnits(in: line[index..<digitsEnd], digits: digits),
               standsAlone(line, index..<digitsEnd, digits: digits) {
                let sign = isNegative(line, index..<digitsEnd) ? -1 : 1
                found.append(FoundAmount(money: Money(amount: sign * value, currency: currency), range: index..<digitsEnd))
            }
            index = end
        }
        return found
    }

    /// The value of a run of digits and separators in minor units, when it is shaped like an amount.
    static func minorUnits(in run: Substring, digits: Int) -> Int? {
        var whole = run, fraction: Substring = ""
        if digits > 0 {
            guard run.count > digits else { return nil }
            let separator = run.index(run.endIndex, offsetBy: -(digits + 1))
            guard run[separator] == "." || run[separator] == "," else { return nil }
            whole = run[..<separator]
            fraction = run[run.index(after: separator)...]
            guard fraction.allSatisfy(\.isNumber) else { return nil }
        }
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ".", omittingEmptySubsequences: false) }
            .flatMap { $0.split(separator: "'", omittingEmptySubsequences: false) }
        guard let first = groups.first, (first.isEmpty && groups.count == 1 && digits > 0) || (1...9).contains(first.count),
              groups.count == 1 || (first.count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 }),
              let major = Int(first.isEmpty ? "0" : groups.joined()), let minor = Int(fraction.isEmpty ? "0" : String(fraction))
        else { return nil }
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let value = major * scale + minor
        return value <= Money.maximumAmount ? value : nil
    }

    private static let units: Set<String> = ["lb", "lbs", "kg", "g", "oz", "ml", "cl", "gal"]

    /// Whether the number at `range` is meant as an amount rather than a percentage, unit price or weight.
    private static func standsAlone(_ line: String, _ range: Range<String.Index>, digits: Int) -> Bool {
        let after = line[range.upperBound...].drop { $0 == " " }
        if after.first == "%" || after.first == "/" { return false }
        if units.contains(folded(String(after.prefix { $0.isLetter }))) { return false }
        guard digits == 0 else { return true }
        let before = line[..<range.lowerBound].reversed().drop { $0 == " " }.first
        let grouped = line[range].contains { $0 == "," || $0 == "." || $0 == "'" }
        let symbolBefore = before.map { "¥$€£".contains($0) } ?? false
        let endsLine = after.allSatisfy { $0.isLetter && $0.isUppercase || $0 == "*" || $0 == " " } && after.count <= 2
        return grouped || symbolBefore || endsLine
    }

    /// Whether a minus stands right before the number, or right after it at the end of a word ("1,00-").
    private static func isNegative(_ line: String, _ range: Range<String.Index>) -> Bool {
        if range.lowerBound > line.startIndex {
            let before = line.index(before: range.lowerBound)
            let stuck = before > line.startIndex && line[line.index(before: before)].isLetter
            if line[before] == "-" && !stuck { return true }
        }
        guard range.upperBound < line.endIndex, line[range.upperBound] == "-" else { return false }
        let next = line.index(after: range.upperBound)
        return next == line.endIndex || line[next] == " "
    }

    /// A whitespace-free token shaped like a number, date or time with letters OCR confuses for digits
    /// ("4O.5O", "l2.99", "O3/l4/2026"), with those letters turned back into digits. An S becomes 5
    /// only inside the number: at its start it is more often a misread "$". Anything else is returned as it is.
    static func repairedNumber(_ token: String) -> String {
        var core = Substring(token), flag = ""
        if let last = core.last, core.count > 1, last.isUppercase && last.isLetter && !"OIS".contains(last) || last == "*" {
            flag = String(last)
            core = core.dropLast()
        }
        let lookalikes: [Character: Character] = ["O": "0", "o": "0", "I": "1", "l": "1", "|": "1", "S": "5"]
        let realDigits = core.filter { $0.isASCII && $0.isNumber }.count
        guard realDigits >= 2, core.count > realDigits, core.contains(where: { ".,/:".contains($0) }),
              core.allSatisfy({ ($0.isASCII && $0.isNumber) || lookalikes[$0] != nil || ".,/:'-$€£".contains($0) }),
              core.contains(where: { lookalikes[$0] != nil })
        else { return token }
        var repaired = ""
        for character in core {
            let startsNumber = repaired.isEmpty || "$€£".contains(repaired.last ?? " ")
            repaired.append(character == "S" && startsNumber ? character : lookalikes[character] ?? character)
        }
        return repaired + flag
    }
}
