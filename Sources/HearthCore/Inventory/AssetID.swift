import Foundation

/// An item's short number in its household, the one its label shows: `000-001` (HomeBox's form:
/// six digits, more when there are more, a dash before the last three). Numbers are given in
/// order and never given again, also after the item is gone.
public struct AssetID: Sendable, Hashable, Comparable, Codable {
    public let number: Int

    /// The largest number (`99999-999`): far more than a household numbers, and far from what a
    /// 32-bit column holds, so counting on from one a backup brought never runs out.
    public static let maximum = 99_999_999

    public init(_ number: Int) {
        precondition((1...Self.maximum).contains(number), "an asset id is 1 to \(Self.maximum)")
        self.number = number
    }

    /// `000-001`, `1234-567`.
    public var text: String {
        let digits = String(number)
        let padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        return padded.dropLast(3) + "-" + padded.suffix(3)
    }

    /// Reads `000-001`, `#1`, `1` or `000001` (what people type and what HomeBox exports); nil
    /// for anything else, 0 and numbers past ``maximum`` among them.
    public init?(parsing text: String) {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("#") { text = text.dropFirst() }
        if let dash = text.firstIndex(of: "-") {
            guard text.distance(from: dash, to: text.endIndex) == 4, text.distance(from: text.startIndex, to: dash) >= 3 else { return nil }
            text.remove(at: dash)
        }
        guard !text.isEmpty, text.count <= 8, text.allSatisfy({ $0.isASCII && $0.isNumber }),
              let number = Int(text), (1...Self.maximum).contains(number) else { return nil }
        self.init(number)
    }

    /// An asset id in a free search: the dashed form or `#` and a number (a bare number is a word:
    /// "42" finds a 42-inch screen).
    public init?(searching text: String) {
        guard text.hasPrefix("#") || text.contains("-") else { return nil }
        self.init(parsing: text)
    }

    public static func < (left: AssetID, right: AssetID) -> Bool { left.number < right.number }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = AssetID(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not an asset id (000-001)"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
