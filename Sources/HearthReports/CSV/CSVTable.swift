import CSV
import Foundation

/// CSV as spreadsheets and adjusters' tools read it (RFC 4180: CRLF between records, fields quoted
/// only when they must be), and as Hearth reads it back: comma or tab separated, with a header row.
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

    /// Renders rows under `header`. A field starting with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return gets a leading `'`, so spreadsheets show it instead of running it as a formula.
    public static func render(header: [String], rows: [[String]]) throws -> String {
        let writer = try CSVWriter(stream: .toMemory(), newline: .crlf)
        try writer.write(row: header)
        for row in rows { try writer.write(row: row.map(guardFormula)) }
        writer.stream.close()
        guard let data = writer.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else { return "" }
        return String(decoding: data, as: UTF8.self) + "\r\n"
    }

    static func guardFormula(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return value }
        return "'" + value
    }

    /// Undoes ``guardFormula(_:)`` for a field read back.
    static func unguardFormula(_ value: String) -> String {
        guard value.hasPrefix("'"), let second = value.unicodeScalars.dropFirst().first, "=+-@\t\r".unicodeScalars.contains(second) else {
            return value
        }
        return String(value.dropFirst())
    }

    /// Reads a table: tab separated when the first line's first tab comes before its first comma
    /// (as HomeBox decides), else comma separated. A byte-order mark is ignored. Every record must
    /// have as many fields as the header; blank lines are skipped.
    public static func read(_ text: String) throws(Unreadable) -> (header: [String], records: [Record]) {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" }
        let tab = firstLine.firstIndex(of: "\t"), comma = firstLine.firstIndex(of: ",")
        let delimiter: UnicodeScalar = if let tab, comma.map({ tab < $0 }) ?? true { "\t" } else { "," }
        let reader: CSVReader
        do { reader = try CSVReader(string: text, hasHeaderRow: false, delimiter: delimiter) } catch {
            throw Unreadable(reason: "it is not a CSV or TSV file")
        }
        guard let header = reader.next()?.map({ $0.trimmingCharacters(in: .whitespaces) }), header.contains(where: { !$0.isEmpty }) else {
            throw Unreadable(reason: "it has no header row")
        }
        var records: [Record] = [], line = 1 + newlines(in: header)
        while let fields = reader.next() {
            line += 1
            defer { line += fields.reduce(0) { $0 + newlines(in: [$1]) } }
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            records.append(Record(line: line, fields: fields.map(unguardFormula)))
        }
        if let error = reader.error { throw Unreadable(reason: "\(error)") }
        return (header, records)
    }

    private static func newlines(in fields: [String]) -> Int {
        fields.reduce(0) { $0 + $1.reduce(0) { $1 == "\n" || $1 == "\r\n" ? $0 + 1 : $0 } }
    }
}
