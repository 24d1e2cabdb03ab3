/// A noun with its plural, for saying how many of something there are (``Swift/Int/counted(_:)``).
public struct Noun: Sendable, Hashable {
    public let singular: String
    public let plural: String

    /// A noun whose plural is English's regular one unless given: "item" → "items",
    /// "category" → "categories", "box" → "boxes", "day" → "days".
    public init(_ singular: String, plural: String? = nil) {
        self.singular = singular
        self.plural = plural ?? Noun.regularPlural(of: singular)
    }

    /// The form that goes with `count`: the singular for one (or minus one), else the plural.
    public func word(for count: Int) -> String {
        count.magnitude == 1 ? singular : plural
    }

    /// "s", "es" after a hiss (s, x, z, ch, sh), "ies" for a consonant's "y".
    static func regularPlural(of word: String) -> String {
        let lower = word.lowercased()
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return word + "es" }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return word.dropLast() + "ies"
        }
        return word + "s"
    }
}

extension Noun {
    public static let item = Noun("item")
    public static let room = Noun("room")
    public static let photo = Noun("photo")
    public static let receipt = Noun("receipt")
    public static let value = Noun("value")
    public static let day = Noun("day")
    public static let session = Noun("session")
    public static let list = Noun("list")
    public static let thing = Noun("thing")
    public static let warranty = Noun("warranty")
}

extension Int {
    /// The count and its noun as a person writes them, with thousands grouped:
    /// "1 item", "0 items", "2 categories", "1,024 items", "-1 day".
    public func counted(_ noun: Noun) -> String {
        "\(grouped) \(noun.word(for: self))"
    }

    /// The number with a comma between each group of three digits: "1,024", "-12,500".
    public var grouped: String {
        let digits = String(magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return self < 0 ? "-" + text : text
    }
}
