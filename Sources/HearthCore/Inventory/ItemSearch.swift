/// What a person types in the inventory's search box: free words and filters, all of which an item
/// must match. `tv room:"Living Room" value>500 missing:receipt warranty:<90d`.
public struct ItemSearch: Sendable, Equatable {
    public enum Comparison: Sendable, Equatable { case above, below }

    public enum Filter: Sendable, Equatable {
        /// A room or category by its name (or the start of it); "none" for the items without one.
        case room(String)
        case category(String)
        case tag(String)
        /// The item's value (replacement value, else purchase price, times its quantity) in the
        /// household's currency, strictly above or below the amount.
        case value(Comparison, Money)
        case missing(DocumentationField)
        /// The warranty ends today or within this many days.
        case warrantyWithin(days: Int)
        case condition(ItemCondition)
        /// The item with this asset id (`asset:17`, or `000-017` alone).
        case asset(AssetID)
    }

    /// The free words, separated by single spaces.
    public var words: String
    public var filters: [Filter]

    public init(words: String, filters: [Filter]) {
        self.words = words
        self.filters = filters
    }

    /// The filters as the search box's help and every error message list them.
    public static let help = #"Filters: room:NAME, category:NAME, tag:NAME, value>AMOUNT, value<AMOUNT, "#
        + #"missing:photo|receipt|value|serial, warranty:<90d, condition:new|like-new|good|fair|poor, asset:000-001 (or 000-001 alone). "#
        + #"Put names with spaces in quotes: room:"Living Room"."#

    /// Reads a search; amounts are in `currency`. Throws ``InventoryError/invalidSearch(_:)`` naming
    /// the filter that is unknown or has a bad value.
    public init(parsing text: String, currency: String) throws(InventoryError) {
        var words: [String] = [], filters: [Filter] = []
        for token in Self.tokens(text) {
            if let filter = try Self.filter(token, currency: currency) {
                filters.append(filter)
            } else if !token.quoted, let asset = AssetID(searching: token.text) {
                filters.append(.asset(asset))
            } else {
                words.append(token.text)
            }
        }
        self.init(words: words.joined(separator: " "), filters: filters)
    }

    /// A part of the search between spaces; `name` is what comes before a filter's colon or comparison.
    struct Token {
        var text: String
        /// It began with a quote: words, whatever they look like (`"SN:AB12"`).
        var quoted = false
        var name: String?
        var separator = ""
        var value = ""
    }

    /// Splits at spaces outside quotes; quotes group, and are not part of the text. A quote that
    /// would open one right after a digit is an inch mark (`55" tv`), part of the text.
    static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = [], current = "", quoted = false, started = false, startsQuoted = false
        for character in text {
            let inchMark = character == "\"" && !quoted && current.last?.isNumber == true
            if (character == "\"" && !inchMark) || character == "“" || character == "”" {
                if !started { startsQuoted = true }
                quoted.toggle()
                started = true
            } else if character.isWhitespace && !quoted {
                if started { tokens.append(token(current, quoted: startsQuoted)) }
                current = ""
                started = false
                startsQuoted = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { tokens.append(token(current, quoted: startsQuoted)) }
        return tokens
    }

    /// `name:value`, `value>500`: a filter when what comes before the separator is letters, the
    /// token was not quoted, and it is a filter's name or has a value ("Lego:" and "https://…" are words).
    private static func token(_ text: String, quoted: Bool) -> Token {
        var token = Token(text: text, quoted: quoted)
        guard !quoted, let index = text.firstIndex(where: { [":", ">", "<", "=", "≥", "≤"].contains($0) }) else { return token }
        let name = text[..<index]
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }) else { return token }
        var rest = text[index...]
        let separator = [">=", "<=", ":", ">", "<", "=", "≥", "≤"].first { rest.hasPrefix($0) } ?? ""
        rest = rest.dropFirst(separator.count)
        let value = rest.trimmingCharacters(in: .whitespaces)
        guard names.contains(name.lowercased()) || !(value.isEmpty || value.hasPrefix("/")) else { return token }
        token.name = name.lowercased()
        token.separator = separator
        token.value = value
        return token
    }

    private static let names: Set<String> = ["room", "category", "tag", "value", "missing", "warranty", "condition", "asset"]

    private static func filter(_ token: Token, currency: String) throws(InventoryError) -> Filter? {
        guard let name = token.name else { return nil }
        let value = token.value
        func bad(_ expected: String) -> InventoryError { .invalidSearch("“\(token.text)”: \(expected) \(help)") }
        switch (name, token.separator) {
        case ("room", ":"), ("category", ":"), ("tag", ":"):
            guard !value.isEmpty else {
                let what = name == "tag" ? "a tag" : "a \(name)’s name"
                throw .invalidSearch("“\(name):” needs \(what), e.g. \(name):kitchen. \(help)")
            }
            let limit = name == "tag" ? InventoryRules.maximumTagLength : InventoryRules.maximumGroupNameLength
            guard value.count <= limit else { throw .invalidSearch("“\(name):”: at most \(limit) characters. \(help)") }
            return name == "room" ? .room(value) : name == "category" ? .category(value) : .tag(value)
        case ("value", ">"), ("value", ">="), ("value", "≥"), ("value", "<"), ("value", "<="), ("value", "≤"):
            guard let money = Money(parsing: value, currency: currency) else {
                throw bad("write an amount in \(currency), e.g. value>500.")
            }
            // Amounts are whole minor units, so "at least 10.00" is "above 9.99".
            switch token.separator {
            case ">": return .value(.above, money)
            case "<": return .value(.below, money)
            case ">=", "≥": return .value(.above, Money(amount: money.amount - 1, currency: currency))
            default: return .value(.below, Money(amount: money.amount + 1, currency: currency))
            }
        case ("missing", ":"):
            guard let field = missingFields[value.lowercased()] else {
                throw bad("write missing:photo, missing:receipt, missing:value or missing:serial.")
            }
            return .missing(field)
        case ("warranty", ":"):
            guard let days = days(value) else { throw bad("write warranty:<90d (or <2w, <3m, <1y): warranties that end within that time.") }
            return .warrantyWithin(days: days)
        case ("condition", ":"):
            let key = value.lowercased().filter { $0.isLetter }
            guard let condition = ItemCondition.allCases.first(where: { $0.rawValue.lowercased() == key }) else {
                throw bad("write condition:new, like-new, good, fair or poor.")
            }
            return .condition(condition)
        case ("asset", ":"):
            guard let asset = AssetID(parsing: value) else { throw bad("write asset:000-001 (or asset:1).") }
            return .asset(asset)
        case ("value", _):
            throw bad("write value>AMOUNT or value<AMOUNT.")
        case (_, _) where names.contains(name):
            throw bad("write \(name):, e.g. \(name == "warranty" ? "warranty:<90d" : "\(name):kitchen").")
        default:
            throw .invalidSearch("“\(name)\(token.separator)” is not a search filter. To find it as words, put it in quotes: "
                + "\"\(token.text)\". \(help)")
        }
    }

    private static let missingFields: [String: DocumentationField] = [
        "photo": .photo, "photos": .photo, "receipt": .receipt, "receipts": .receipt, "value": .value, "price": .value,
        "serial": .serialNumber, "serialnumber": .serialNumber, "room": .room, "category": .category,
    ]

    /// "<90d", "<2w", "<3m" (30 days a month), "<1y": days up to 10 years.
    private static func days(_ value: String) -> Int? {
        guard value.hasPrefix("<"), let unit = value.last, let count = Int(value.dropFirst().dropLast()), (1...3650).contains(count) else {
            return nil
        }
        let days: Int? = switch unit.lowercased() {
        case "d": count
        case "w": count * 7
        case "m": count * 30
        case "y": count * 365
        default: nil
        }
        return days.flatMap { $0 <= 3650 ? $0 : nil }
    }
}
