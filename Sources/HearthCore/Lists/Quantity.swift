import Foundation

/// An amount with an optional unit, as people write it: "2", "2 l", "500 g", "1,5 kg".
/// Amounts are decimals, so adding 0.1 l and 0.2 l gives exactly 0.3 l.
public struct Quantity: Sendable, Equatable, CustomStringConvertible {
    public var amount: Decimal
    /// Lowercased unit ("l", "kg", "pcs"), or nil for a plain count.
    public var unit: String?
    /// Code points a quantity may have as typed.
    public static let maximumLength = 40

    public init(amount: Decimal, unit: String?) {
        self.amount = amount
        self.unit = unit
    }

    /// Reads "2 l", "2l", "1.5 kg", "1,5 kg", "3". Throws ``ListError/invalidQuantity(_:)`` otherwise.
    public init(parsing raw: String) throws(ListError) {
        guard raw.unicodeScalars.count <= Self.maximumLength else { throw .invalidQuantity(raw) }
        let text = raw.trimmingCharacters(in: .whitespaces)
        let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," }
        let unit = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        guard !number.isEmpty, number.filter({ $0 == "." || $0 == "," }).count <= 1,
              let amount = Decimal(string: number.replacingOccurrences(of: ",", with: "."), locale: Locale(identifier: "en_US_POSIX")),
              amount > 0, amount < 1_000_000,
              unit.count <= 12, unit.allSatisfy({ $0.isLetter || $0 == "." })
        else { throw .invalidQuantity(raw) }
        self.init(amount: amount, unit: unit.isEmpty ? nil : unit)
    }

    /// "2 l", "1.5 kg", "3".
    public var description: String {
        let number = NSDecimalNumber(decimal: amount).stringValue
        return unit.map { "\(number) \($0)" } ?? number
    }

    /// The sum when both measure the same kind of thing, written in a sensible unit (500 g + 1 kg
    /// = 1.5 kg, 1 l + 500 ml = 1.5 l, 2 boxes + 1 box = 3 boxes), else nil (2 l + 1 box).
    /// A known unit of the item already listed (`self`) keeps its spelling: 2 pieces + 1 pc = 3 pieces.
    public func adding(_ other: Quantity) -> Quantity? {
        guard let unit, let otherUnit = other.unit else {
            return unit == nil && other.unit == nil ? Quantity(amount: amount + other.amount, unit: nil) : nil
        }
        guard let mine = QuantityUnit.find(unit), let theirs = QuantityUnit.find(otherUnit) else {
            return unit == otherUnit ? Quantity(amount: amount + other.amount, unit: unit) : nil
        }
        guard mine.unit.name == theirs.unit.name else { return nil }
        let base = amount * mine.spelling.factor + other.amount * theirs.spelling.factor
        return mine.unit.write(base: base, candidates: mine.unit.candidates(using: [theirs.spelling, mine.spelling]))
    }
}
