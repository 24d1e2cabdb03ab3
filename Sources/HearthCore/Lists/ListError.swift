/// Why a list or item change was refused. Nothing changes when one is thrown.
public enum ListError: Error, Equatable, Sendable {
    case invalidName(String)
    case invalidEmoji
    case invalidNote(String)
    case invalidQuantity(String)
    case invalidPosition
    case listNotFound
    case itemNotFound
    case listDeleted
    /// The id a client chose is already used by something else.
    case idConflict
    /// An edit made before the item's last edit (two devices, offline): the later one stands.
    case changedSince(String)
    case storeNotFound
    case repeatedAisle(String)
    case tooManyStores

    /// A sentence for the person who caused it.
    public var message: String {
        switch self {
        case .invalidName(let reason): "The name \(reason)."
        case .invalidEmoji: "The emoji must be a single emoji."
        case .invalidNote(let reason): "The note \(reason)."
        case .invalidQuantity(let text): "“\(text)” is not a quantity; write a number and an optional unit, e.g. 2 l or 500 g."
        case .invalidPosition: "The position must be between 1 and \(ListRules.maximumPosition)."
        case .listNotFound: "No such list."
        case .itemNotFound: "No such item on this list."
        case .listDeleted: "This list is in Recently deleted; restore it first."
        case .idConflict: "This id is already used by something else."
        case .changedSince(let name): "This item was changed on another device after this edit, to “\(name)”; that change stands."
        case .storeNotFound: "No such store in your household."
        case .repeatedAisle(let title): "“\(title)” is twice in the aisle order; name each category once."
        case .tooManyStores: "A household keeps at most \(ShoppingStore.maximumCount) stores; delete one first."
        }
    }
}

/// Validation of what people type into lists.
public enum ListRules {
    public static let maximumNameLength = 200
    public static let maximumNoteLength = 1000
    /// Code points an emoji may have (a family or a flag with modifiers has several).
    public static let maximumEmojiLength = 16
    public static let maximumPosition = 1_000_000

    /// Trims and checks a list or item name.
    public static func name(_ raw: String) throws(ListError) -> String {
        do { return try TextRules.line(raw, maximumLength: maximumNameLength) } catch { throw .invalidName(error.reason) }
    }

    /// An optional single emoji (one grapheme that is an emoji).
    public static func emoji(_ raw: String?) throws(ListError) -> String? {
        guard let text = raw?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard text.unicodeScalars.count <= maximumEmojiLength, text.count == 1, let scalar = text.unicodeScalars.first, scalar.properties.isEmoji, scalar.value > 0x7F
        else { throw .invalidEmoji }
        return text
    }

    /// An optional note.
    public static func note(_ raw: String?) throws(ListError) -> String? {
        guard let raw else { return nil }
        do { return try TextRules.paragraphs(raw, maximumLength: maximumNoteLength).nilIfEmpty } catch { throw .invalidNote(error.reason) }
    }

    /// A list's place among the active lists, 1 first; a number past the end means last.
    public static func position(_ position: Int) throws(ListError) -> Int {
        guard (1...maximumPosition).contains(position) else { throw .invalidPosition }
        return position
    }

    /// The form of a name used to find the same item again ("Milk" and " milk " are one).
    public static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
