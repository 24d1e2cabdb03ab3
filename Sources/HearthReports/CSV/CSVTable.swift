import Foundation

/// CSV as spreadsheets and adjusters' tools read it (RFC 4180: CRLF between records, fields quoted
/// only when they must be, UTF-8 with a byte-order mark so Excel shows accents), and as Hearth
/// reads it back: comma, semicolon or tab separated, with a header row (``read(_:)``).
public enum CSVTable {
    /// A record of a file being read, with the line it starts on (1 is the header).
    public struct Record: Sendable, Equatable {
        public var line: Int
        public var fields: [String]
    }

    /// A file that cannot be read as a table at all.
    public struct Unreadable: Error, Equatable, Sendable {
        public var reason: String
    }

    /// The UTF-8 byte-order mark every file Hearth writes starts with: without it Excel reads a CSV
    /// in the computer's legacy code page and shows "CafÃ©".
    public static let byteOrderMark = "\u{FEFF}"

    /// Renders rows under `header`, byte-order mark first. Fields are guarded against formulas
    /// (``guardFormula(_:)``).
    public static func render(header: [String], rows: [[String]]) -> String {
        var text = byteOrderMark + line(header, guarded: false)
        for row in rows { text += line(row) }
        return text
    }

    /// One record, CRLF-terminated: a field is quoted when it holds a comma, a quote or a line
    /// break, and (unless `guarded` is false, for a header) guarded against formulas.
    public static func line(_ fields: [String], guarded: Bool = true) -> String {
        var line = ""
        for (index, field) in fields.enumerated() {
            if index > 0 { line += "," }
            let value = guarded ? guardFormula(field) : field
            if value.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
                line += "\"" + value.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
            } else {
                line += value
            }
        }
        return line + "\r\n"
    }

    /// A field a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, their
    /// full-width forms, a tab or a carriage return) gets a leading `'`, so it is shown instead.
    /// So does a field that is such a guard already (`'=x` typed by a person becomes `''=x`), so
    /// ``unguardFormula(_:)`` gives back exactly what was written.
    static func guardFormula(_ value: String) -> String {
        needsGuard(Substring(value)) ? "'" + value : value
    }

    /// Undoes ``guardFormula(_:)`` for a field read back.
    static func unguardFormula(_ value: String) -> String {
        value.hasPrefix("'") && needsGuard(value.dropFirst()) ? String(value.dropFirst()) : value
    }

    private static func needsGuard(_ value: Substring) -> Bool {
        guard let first = value.unicodeScalars.first(where: { $0 != "'" }) else { return false }
        return switch first {
        case "=", "+", "-", "@", "\t", "\r", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}": true // full-width ＝＋－＠
        default: false
        }
    }
}
