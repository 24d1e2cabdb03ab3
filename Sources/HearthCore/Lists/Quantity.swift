import Foundation

/// An amount with an optional unit, as people write it: "2", "2 l", "500 g", "1,5 kg".
/// Amounts are decimals, so adding 0.1 l and 0.2 l gives exactly 0.3 l.
public struct Quantity: Sendable, Equatable, CustomStringConvertible {
    /// The amount as text ("1.5", "250"), which is how the store keeps it and the API shows it: a
    /// page of a thousand items reads and writes it as it is, with no decimal parsed or printed.
    public let amountText: String
    /// Lowercased unit ("l", "kg", "pcs"), or nil for a plain count.
    public let unit: String?
    /// Code points a quantity may have as typed.
    public static let maximumLength = 40

    public init(amount: Decimal, unit: String?) {
        self.amountText = amount.description
        self.unit = unit
    }

    /// A quantity as the store keeps it (``amountText`` and ``unit`` of an earlier one); nil when
    /// the text is not a plain decimal number.
    public init?(amountText: String, unit: String?) {
        var digits = 0, points = 0
        for byte in amountText.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        self.amountText = amountText
        self.unit = unit
    }

    /// The amount, exactly.
    public var amount: Decimal {
        Decimal(string: amountText, locale: Self.posix) ?? 0
    }

    /// Amounts are written with a decimal point, whatever the server's locale.
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Equal amounts in the same unit: "1.50" read from a backup equals "1.5".
    public static func == (lhs: Quantity, rhs: Quantity) -> Bool {
        lhs.unit == rhs.unit && (lhs.amountText == rhs.amountText || lhs.amount == rhs.amount)
    }

    /// Reads "2 l", "2l", "1.5 kg", "1,5 kg", "3". Throws ``ListError/invalidQuantity(_:)`` otherwise.
    public init(parsing raw: String) throws(ListError) {
        guard raw.unicodeScalars.count <= Self.maximumLength else { throw .invalidQuantity(raw) }
        let text = raw.trimmingCharacters(in: .whitespaces)
        let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," }
        let unit = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        guard !number.isEmpty, number.filter({ $0 == "." || $0 == "," }).count <= 1,
              let amount = Decimal(string: number.replacingOccurrences(of: ",", with: "."), locale: Self.posix),
              amount > 0, amount < 1_000_000,
              unit.count <= 12, unit.allSatisfy({ $0.isLetter || $0 == "." })
        else { throw .invalidQuantity(raw) }
        self.init(amount: amount, unit: unit.isEmpty ? nil : unit)
    }

    /// "2 l", "1.5 kg", "3".
    public var description: String {
        unit.map { "\(amountText) \($0)" } ?? amountText
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
