import Foundation

extension ReceiptReading {
    /// The day of purchase: a date printed after "Date", "Datum" or "Order date" first, else the first
    /// date on the receipt. Dates after "Return by", "Shipped", "Delivery", "Due" or "Expires" are never
    /// the day of purchase, so a receipt showing only those has no date.
    static func date(in lines: [String], currency: String) -> FoundDate? {
        var best: FoundDate?
        for (index, line) in lines.enumerated() {
            var contextStart = line.startIndex
            for found in dates(in: line, currency: currency) {
                let context = Set(words(of: String(line[contextStart..<found.range.lowerBound])))
                contextStart = found.range.upperBound
                guard context.isDisjoint(with: otherDates) else { continue }
                let labelled = !context.isDisjoint(with: purchaseDates)
                if best == nil || (labelled && best?.labelled == false) {
                    best = FoundDate(date: found.date, line: index, labelled: labelled, plain: found.plain)
                }
            }
        }
        return best
    }

    private static let purchaseDates: Set<String> = ["date", "datum", "dated", "order", "ordered", "invoice", "purchase", "purchased",
                                                     "sold", "le", "du", "fecha", "data"]
    private static let otherDates: Set<String> = ["return", "returns", "returned", "due", "ship", "shipped", "shipping", "delivery",
                                                  "deliver", "delivered", "scheduled", "expires", "expiry", "exp", "valid", "until",
                                                  "bis", "warranty", "garantie", "livraison", "echeance", "lieferung", "lieferdatum",
                                                  "faellig", "fallig", "ruckgabe", "rueckgabe", "before", "thru", "through"]

    /// Every complete date on `line` with where it stands: 2026-03-14, 03/14/2026, 14.03.2026,
    /// 14/03/26, Mar 14 2026, March 14, 2026, 14 Mar 2026, 14-Mar-26, 14. März 2026, 9 mars 2026.
    /// `plain`: the date can be read only one way (a month by name, or a four-digit year with no day
    /// and month that could swap places).
    static func dates(in line: String, currency: String) -> [(date: CalendarDate, range: Range<String.Index>, plain: Bool)] {
        var found: [(date: CalendarDate, range: Range<String.Index>, plain: Bool)] = []
        func add(_ date: CalendarDate?, _ range: Range<String.Index>, plain: Bool = true) {
            guard let date, isolated(range, in: line), !found.contains(where: { $0.range.overlaps(range) }) else { return }
            found.append((date, range, plain))
        }
        for match in line.matches(of: #/(\d{4})([-/.])(\d{1,2})([-/.])(\d{1,2})/#) where match.2 == match.4 {
            add(calendarDate(year: match.1, month: Int(match.3), day: Int(match.5)), match.range)
        }
        for match in line.matches(of: #/(\d{1,2})([-/.])(\d{1,2})([-/.])(\d{4}|\d{2})/#) where match.2 == match.4 {
            guard let first = Int(match.1), let second = Int(match.3) else { continue }
            let monthFirst = second > 12 || (first <= 12 && match.2 != "." && currency == "USD")
            add(calendarDate(year: match.5, month: monthFirst ? first : second, day: monthFirst ? second : first), match.range,
                plain: match.5.count == 4 && (first > 12 || second > 12 || first == second))
        }
        for (date, range) in matches(of: #/(\d{1,2})(?:st|nd|rd|th)?\.?[ -]?(\p{L}{3,9})\.?,?[ -]?(\d{4}|\d{2})/#, in: line, {
            calendarDate(year: $0.3, month: month(named: $0.2), day: Int($0.1))
        }) {
            add(date, range)
        }
        for (date, range) in matches(of: #/(\p{L}{3,9})\.?[ -]?(\d{1,2})(?:st|nd|rd|th)?,?[ -]+(\d{4})/#, in: line, {
            calendarDate(year: $0.3, month: month(named: $0.1), day: Int($0.2))
        }) {
            add(date, range)
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The dates `read` finds in the matches of `pattern`. After a match that is no date the search
    /// goes on from its next character, so "03 CLOSED 15 Jun 18" still finds "15 Jun 18".
    private static func matches<Output>(of pattern: Regex<Output>, in line: String,
                                        _ read: (Regex<Output>.Match) -> CalendarDate?) -> [(CalendarDate, Range<String.Index>)] {
        var found: [(CalendarDate, Range<String.Index>)] = []
        var start = line.startIndex
        while start < line.endIndex, let match = line[start...].firstMatch(of: pattern) {
            if let date = read(match) {
                found.append((date, match.range))
                start = match.range.upperBound
            } else {
                start = line.index(after: match.range.lowerBound)
            }
        }
        return found
    }

    /// A date from printed parts; a two-digit year is in this century.
    private static func calendarDate(year: Substring, month: Int?, day: Int?) -> CalendarDate? {
        guard let month, let day, var year = Int(year) else { return nil }
        if year < 100 { year += 2000 }
        guard (1980...2099).contains(year) else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// Whether nothing that would make it part of a longer number or word touches `range`.
    private static func isolated(_ range: Range<String.Index>, in line: String) -> Bool {
        if range.lowerBound > line.startIndex {
            let before = line[line.index(before: range.lowerBound)]
            if before.isNumber || before.isLetter { return false }
        }
        if range.upperBound < line.endIndex {
            let after = line[range.upperBound]
            let beyond = line[line.index(after: range.upperBound)...].first { $0 != "." }
            if after.isNumber || (after == "." && beyond?.isNumber == true) { return false }
        }
        return true
    }

    /// The month a name or its abbreviation stands for, in English, German or French ("Mar", "März",
    /// "mars", "Okt", "déc."); nil for any other word and for one that could be two months ("jui").
    static func month(named word: Substring) -> Int? {
        let name = folded(String(word))
        guard name.count >= 3 else { return nil }
        let months = Set(monthNames.filter { $0.name.hasPrefix(name) }.map(\.month))
        return months.count == 1 ? months.first : nil
    }

    private static let monthNames: [(name: String, month: Int)] = [
        ("january", 1), ("januar", 1), ("janvier", 1), ("february", 2), ("februar", 2), ("fevrier", 2),
        ("march", 3), ("marz", 3), ("maerz", 3), ("mrz", 3), ("mars", 3), ("april", 4), ("avril", 4),
        ("may", 5), ("mai", 5), ("june", 6), ("juni", 6), ("juin", 6), ("july", 7), ("juli", 7), ("juillet", 7),
        ("august", 8), ("aout", 8), ("september", 9), ("septembre", 9), ("october", 10), ("oktober", 10),
        ("octobre", 10), ("november", 11), ("novembre", 11), ("december", 12), ("dezember", 12), ("decembre", 12),
    ]
}
