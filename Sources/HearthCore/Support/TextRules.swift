import Foundation

/// What every piece of text people type must be before it is stored. A control character has no
/// place in a name, and some are dangerous: a NUL cuts the text short in SQLite and C libraries
/// (bcrypt stops reading a password there) and is refused by PostgreSQL.
public enum TextRules {
    /// Why a text was refused, completing "The name …".
    public enum Problem: Error, Equatable, Sendable {
        case empty
        case tooLong(maximum: Int)
        case controlCharacter

        /// The end of a sentence that starts with what the text is ("The name must not be empty").
        public var reason: String {
            switch self {
            case .empty: "must not be empty"
            case .tooLong(let maximum): "must be at most \(maximum) characters"
            case .controlCharacter: "must not contain control characters"
            }
        }
    }

    /// Trims a one-line text (a name, a label) and checks it: no control characters, not empty
    /// unless `allowEmpty`, at most `maximumLength` characters as sent (Unicode code points, the way
    /// the API document's `maxLength` counts).
    public static func line(_ raw: String, maximumLength: Int, allowEmpty: Bool = false) throws(Problem) -> String {
        if raw.unicodeScalars.count > maximumLength { throw .tooLong(maximum: maximumLength) }
        if raw.unicodeScalars.contains(where: isControl) { throw .controlCharacter }
        let text = raw.trimming(blank)
        if text.isEmpty && !allowEmpty { throw .empty }
        return text
    }

    /// Trims and checks a text of several lines (a note): like ``line(_:maximumLength:allowEmpty:)``,
    /// but line breaks and tabs are allowed. Empty is allowed.
    public static func paragraphs(_ raw: String, maximumLength: Int) throws(Problem) -> String {
        if raw.unicodeScalars.count > maximumLength { throw .tooLong(maximum: maximumLength) }
        if raw.unicodeScalars.contains(where: { isControl($0) && !["\n", "\r", "\t"].contains($0) }) { throw .controlCharacter }
        return raw.trimming(blank)
    }

    /// What trimming removes: Unicode white space and the invisible U+FEFF (zero-width no-break space).
    static let blank = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}"))

    /// C0 controls, DEL and C1 controls (Unicode general category Cc).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether the text holds a control character.
    public static func containsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }
}
