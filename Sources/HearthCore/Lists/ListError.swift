/// Why a list or item change was refused. Nothing changes when one is thrown.
public enum ListError: Error, Equatable, Sendable {
    case invalidName(String)
    case invalidEmoji
    case invalidNote(String)
    case invalidQuantity(String)
    case listNotFound
    case itemNotFound
    case listDeleted
    /// The id a client chose is already used by something else.
    case idConflict

    /// A sentence for the person who caused it.
    public var message: String {
        switch self {
        case .invalidName(let reason): "The name \(reason)."
        case .invalidEmoji: "The emoji must be a single emoji."
        case .invalidNote(let reason): "The note \(reason)."
        case .invalidQuantity(let text): "“\(text)” is not a quantity; write a number and an optional unit, e.g. 2 l or 500 g."
        case .listNotFound: "No such list."
        case .itemNotFound: "No such item on this list."
        case .listDeleted: "This list is in Recently deleted; restore it first."
        case .idConflict: "This id is already used by something else."
        }
    }
}

/// Validation of what people type into lists.
public enum ListRules {
    public static let maximumNameLength = 200
    public static let maximumNoteLength = 1000

    /// Trims and checks a list or item name.
    public static func name(_ raw: String) throws(ListError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { throw .invalidName("must not be empty") }
        if name.count > maximumNameLength { throw .invalidName("must be at most \(maximumNameLength) characters") }
        return name
    }

    /// An optional single emoji (one grapheme that is an emoji).
    public static func emoji(_ raw: String?) throws(ListError) -> String? {
        guard let text = raw?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard text.count == 1, let scalar = text.unicodeScalars.first, scalar.properties.isEmoji, scalar.value > 0x7F
        else { throw .invalidEmoji }
        return text
    }

    /// An optional note.
    public static func note(_ raw: String?) throws(ListError) -> String? {
        guard let text = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        if text.count > maximumNoteLength { throw .invalidNote("must be at most \(maximumNoteLength) characters") }
        return text
    }

    /// The form of a name used to find the same item again ("Milk" and " milk " are one).
    public static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
