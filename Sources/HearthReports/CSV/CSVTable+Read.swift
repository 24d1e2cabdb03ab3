import CSV
import Foundation

extension CSVTable {
    /// Reads a table separated by what its header line uses most outside quotes: commas, semicolons
    /// (Excel in much of Europe) or tabs. A byte-order mark is ignored. Every record must have as
    /// many fields as the header; blank lines are skipped.
    public static func read(_ text: String) throws(Unreadable) -> (header: [String], records: [Record]) {
        var text = text
        if text.hasPrefix(byteOrderMark) { text.removeFirst() }
        let reader: CSVReader
        do { reader = try CSVReader(string: text, hasHeaderRow: false, delimiter: delimiter(of: text)) } catch {
            throw Unreadable(reason: "it is not a CSV or TSV file")
        }
        guard let header = reader.next()?.map({ $0.trimming(.whitespacesAndNewlines) }), header.contains(where: { !$0.isEmpty }) else {
            throw Unreadable(reason: "it has no header row")
        }
        var records: [Record] = [], line = 1 + newlines(in: header)
        while let fields = reader.next() {
            line += 1
            defer { line += newlines(in: fields) }
            if fields.allSatisfy({ $0.trimming(.whitespacesAndNewlines).isEmpty }) { continue }
            records.append(Record(line: line, fields: fields.map(unguardFormula)))
        }
        if let error = reader.error { throw Unreadable(reason: "\(error)") }
        return (header, records)
    }

    /// The separator of the header line (up to its first line break outside quotes): the most
    /// frequent of comma, semicolon and tab outside quotes; a comma when there is none.
    static func delimiter(of text: String) -> UnicodeScalar {
        var counts: [UnicodeScalar: Int] = [",": 0, ";": 0, "\t": 0], quoted = false
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.toggle() } else if !quoted {
                if scalar == "\n" || scalar == "\r" { break }
                counts[scalar]? += 1
            }
        }
        return [";", "\t"].reduce(",") { counts[$1]! > counts[$0]! ? $1 : $0 }
    }

    /// Names for the columns of a header in a message: the first 20, each cut to 40 characters.
    static func columnList(_ header: [String]) -> String {
        let names = header.prefix(20).map { $0.isEmpty ? "(blank)" : $0.count > 40 ? $0.prefix(39) + "…" : $0 }
        return names.joined(separator: ", ") + (header.count > 20 ? " and \(header.count - 20) more" : "")
    }

    private static func newlines(in fields: [String]) -> Int {
        fields.reduce(0) { $0 + $1.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } }
    }
}
