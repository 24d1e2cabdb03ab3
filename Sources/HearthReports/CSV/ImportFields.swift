import Foundation
import HearthCore

/// Reading the fields of imported rows: amounts, dates, quantities and tags as people and other
/// apps write them. Each returns nil for an empty field and throws a sentence for a bad one.
enum ImportFields {
    struct Bad: Error {
        let reason: String
    }

    /// "1299.99", "1,299.99", "$1,299.99", "1.299,99 €" in `currency`.
    static func money(_ text: String, currency: String, field: String) throws(Bad) -> Money? {
        let trimmed = text.trimming(.whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let number = trimmed.filter { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }
        guard let money = Money(parsing: number, currency: currency) else { throw Bad(reason: "the \(field) “\(trimmed)” is not an amount") }
        return money
    }

    /// `2026-03-14`, `03/14/2026` (as HomeBox and US spreadsheets write), `11/24/23` (as Nestory Pro
    /// writes: a two-digit year is this century's up to next year, else the last one's), `2026/03/14`,
    /// or an RFC 3339 time.
    static func date(_ text: String, field: String, thisYear: Int = Calendar(identifier: .gregorian).component(.year, from: Date())) throws(Bad) -> CalendarDate? {
        let trimmed = text.trimming(.whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let date = CalendarDate(iso: trimmed) ?? CalendarDate(iso: String(trimmed.prefix(10))) { return date }
        let texts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        let parts = texts.compactMap { Int($0) }
        if parts.count == 3 {
            var year = parts[2]
            if texts[2].count == 2 { year += year <= (thisYear + 1) % 100 ? thisYear / 100 * 100 : (thisYear / 100 - 1) * 100 }
            let date = parts[0] > 31 ? CalendarDate(year: parts[0], month: parts[1], day: parts[2])
                : CalendarDate(year: year, month: parts[0], day: parts[1])
            if let date { return date }
        }
        throw Bad(reason: "the \(field) “\(trimmed)” is not a date such as 2026-03-14")
    }

    /// A purchase date (as ``date(_:field:thisYear:)`` reads it) from 1900 to next year.
    static func purchaseDate(_ text: String) throws(Bad) -> CalendarDate? {
        let date = try date(text, field: "purchase date")
        do { return try InventoryRules.purchaseDate(date) } catch { throw Bad(reason: error.message) }
    }

    /// A whole number of pieces; "2.0" is 2; empty is 1.
    static func quantity(_ text: String) throws(Bad) -> Int {
        let trimmed = text.trimming(.whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return 1 }
        guard let value = Double(trimmed), value >= 1, value == value.rounded(), value <= Double(InventoryRules.maximumQuantity) else {
            throw Bad(reason: "the quantity “\(trimmed)” is not a whole number from 1 to \(InventoryRules.maximumQuantity)")
        }
        return Int(value)
    }

    /// A quantity as HomeBox allows it: decimal ("2.5" metres of cable) or 0. Hearth counts whole
    /// pieces (values and claim lines multiply by them), so a fraction is rounded up and 0 is 1,
    /// with a note saying so; the caller keeps the exact figure in the notes.
    static func pieces(_ text: String) throws(Bad) -> (quantity: Int, note: String?) {
        let trimmed = text.trimming(.whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return (1, nil) }
        guard let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")), value >= 0,
              value <= Decimal(InventoryRules.maximumQuantity), trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
        else { throw Bad(reason: "the quantity “\(trimmed)” is not a number from 0 to \(InventoryRules.maximumQuantity)") }
        var exact = value, up = Decimal()
        NSDecimalRound(&up, &exact, 0, .up)
        let pieces = max(Int(up.description) ?? 1, 1)
        guard up != value || value == 0 else { return (pieces, nil) }
        return (pieces, "quantity \(trimmed) taken as \(pieces) (Hearth counts whole pieces; \(trimmed) is kept in the notes)")
    }

    /// An id as Hearth writes it (another row's Id), or nothing.
    static func id(_ text: String, field: String) throws(Bad) -> UUID? {
        let trimmed = text.trimming(.whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard let id = UUID(uuidString: trimmed) else { throw Bad(reason: "the \(field) “\(trimmed.prefix(40))” is not an item's Id") }
        return id
    }

    /// "sold", "archived", or empty for an item still owned.
    static func disposition(_ text: String) throws(Bad) -> ItemDisposition? {
        let trimmed = text.trimming(.whitespacesAndNewlines).lowercased()
        guard !trimmed.isEmpty, trimmed != "owned" else { return nil }
        guard let disposition = ItemDisposition(rawValue: trimmed) else { throw Bad(reason: "the status “\(text.prefix(40))” is not sold or archived") }
        return disposition
    }

    static func condition(_ text: String) throws(Bad) -> ItemCondition? {
        let key = text.lowercased().filter(\.isLetter)
        guard !key.isEmpty else { return nil }
        guard let condition = ItemCondition.allCases.first(where: { $0.rawValue.lowercased() == key }) else {
            throw Bad(reason: "the condition “\(text)” is not one of new, like new, good, fair, poor")
        }
        return condition
    }

    /// Tags separated by `;` (or `,` when there is no `;`); a tag in double quotes may hold either
    /// (`"salt; pepper"; kitchen`, as ``tagList(_:)`` writes it).
    static func tags(_ text: String) -> [String] {
        let separator: Character = outsideQuotes(text).contains(";") ? ";" : ","
        let characters = Array(text)
        var tags: [String] = [], current = "", quoted = false, index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\"" && quoted {
                if index + 1 < characters.count && characters[index + 1] == "\"" { current.append("\""); index += 1 } else { quoted = false }
            } else if character == "\"" && current.trimming(.whitespaces).isEmpty {
                quoted = true
                current = ""
            } else if character == separator && !quoted {
                tags.append(current)
                current = ""
            } else {
                current.append(character)
            }
            index += 1
        }
        tags.append(current)
        return tags.map { $0.trimming(.whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// HomeBox's labels: separated by `;` only (HomeBox writes "; " between them), so a label may hold a comma.
    static func labels(_ text: String) -> [String] {
        text.split(separator: ";").map { $0.trimming(.whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// Tags as one field: separated by "; ", a tag holding `;`, `,` or `"` in double quotes.
    static func tagList(_ tags: [String]) -> String {
        tags.map { tag in
            tag.contains(where: { $0 == ";" || $0 == "," || $0 == "\"" }) ? "\"" + tag.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : tag
        }.joined(separator: "; ")
    }

    /// `text` without its double-quoted parts.
    private static func outsideQuotes(_ text: String) -> String {
        var outside = "", quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() } else if !quoted { outside.append(character) }
        }
        return outside
    }

    /// The row's asset id (`000-001`, as Hearth and HomeBox write it); one that is not is left out,
    /// and the row says so.
    static func setAssetId(_ text: String, of item: inout ImportedItem) {
        guard let text = self.text(text) else { return }
        guard let asset = AssetID(parsing: text) else {
            item.note = [item.note, "the asset id “\(text)” is not one (000-001); the item gets the next number"].compactMap { $0 }.joined(separator: "; ")
            return
        }
        item.assetId = asset
    }

    static func text(_ text: String) -> String? {
        let trimmed = text.trimming(.whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The id an imported row keeps across imports: a UUID made from `key` (a reference, or the row).
    static func stableId(_ key: String) -> UUID {
        .nameBased("hearth-import\u{0}" + key)
    }

    /// Every record of `table` read into an item by `read`, in the file's order; a record with
    /// another number of fields than the header, or one `read` refuses, is a problem of its line.
    /// Slices of the file are read on every core at once: 100,000 rows are seconds of checking.
    static func items(of table: (header: [String], records: [CSVTable.Record]),
                      _ read: @escaping @Sendable (CSVTable.Record) throws(Bad) -> ImportedItem) -> ImportedFile {
        let width = table.header.count, records = table.records
        let slices = stride(from: 0, to: records.count, by: 1_000).map { records[$0..<min($0 + 1_000, records.count)] }
        let results = SliceResults(count: slices.count)
        DispatchQueue.concurrentPerform(iterations: slices.count) { index in
            var items: [ImportedItem] = [], problems: [ImportProblem] = []
            for record in slices[index] {
                guard record.fields.count == width else {
                    problems.append(.init(line: record.line, reason: "it has \(record.fields.count) fields, the header \(width)"))
                    continue
                }
                do throws(Bad) { items.append(try read(record)) } catch { problems.append(.init(line: record.line, reason: error.reason)) }
            }
            results.set(index, items: items, problems: problems)
        }
        return results.joined()
    }

    /// What each slice of the records gave, filled in from several threads.
    private final class SliceResults: @unchecked Sendable {
        private let lock = NSLock()
        private var slices: [(items: [ImportedItem], problems: [ImportProblem])]

        init(count: Int) {
            slices = Array(repeating: ([], []), count: count)
        }

        func set(_ index: Int, items: [ImportedItem], problems: [ImportProblem]) {
            lock.withLock { slices[index] = (items, problems) }
        }

        func joined() -> ImportedFile {
            lock.withLock { ImportedFile(items: slices.flatMap(\.items), problems: slices.flatMap(\.problems)) }
        }
    }

    /// Checks details by the inventory's rules, as an import problem.
    static func checked(_ details: ItemDetails) throws(Bad) -> ItemDetails {
        do { return try InventoryRules.validated(details).details } catch { throw Bad(reason: error.message) }
    }
}
