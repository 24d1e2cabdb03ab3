import Foundation

/// A date without a time (a purchase date, the end of a warranty), stored and sent as `YYYY-MM-DD`.
/// It sorts as its text does.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid Gregorian date between the years 1 and 9999, or nil.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads exactly `YYYY-MM-DD`.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.year = parts.year ?? 1970
        self.month = parts.month ?? 1
        self.day = parts.day ?? 1
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Padded by hand: `String(format:)` goes through NSString, a fifth of a CSV export's time.
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// The same day `months` months later; the end of a shorter month where that day does not exist
    /// (January 31 plus one month is February 28, or 29 in a leap year). Nil past the year 9999.
    public func adding(months: Int) -> CalendarDate? {
        let total = year * 12 + (month - 1) + months
        let newYear = total / 12, newMonth = total % 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        return CalendarDate(year: newYear, month: newMonth, day: min(day, Self.days(inMonth: newMonth, year: newYear)))
    }

    /// The date `days` days later (earlier when negative); nil outside the years 1…9999.
    public func adding(days: Int) -> CalendarDate? {
        let date = RFC3339.civilDate(daysSinceEpoch: dayNumber + days)
        return CalendarDate(year: date.year, month: date.month, day: date.day)
    }

    /// Days from `self` to `other` (negative when `other` is earlier).
    public func days(until other: CalendarDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// Midnight at the start of the day in UTC.
    public var startInUTC: Date {
        Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
    }

    /// Days since 1970-01-01 (proleptic Gregorian), for differences.
    var dayNumber: Int {
        RFC3339.daysSinceEpoch(year: year, month: month, day: day)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not a date (YYYY-MM-DD)."))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
