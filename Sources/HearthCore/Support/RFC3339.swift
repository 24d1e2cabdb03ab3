import Foundation

/// Reads the date formats of RFC 3339 (section 5.6), which the API's `date-time` and `date` fields
/// promise: `2026-01-01T10:00:00Z`, `2026-01-01t10:00:00.250+05:30`, `2026-01-01`. Everything the
/// RFC allows is read (lower-case `t` and `z`, any offset up to ±23:59, any number of fractional
/// digits); anything else is nil, never a guess.
public enum RFC3339 {
    /// The instant a `date-time` names.
    public static func date(from text: String) -> Date? {
        var scanner = DigitScanner(text)
        guard let day = scanner.fullDate(), scanner.take(oneOf: "Tt"),
              let hour = scanner.number(digits: 2), hour <= 23, scanner.take(oneOf: ":"),
              let minute = scanner.number(digits: 2), minute <= 59, scanner.take(oneOf: ":"),
              let second = scanner.number(digits: 2), second <= 59
        else { return nil }
        var fraction = 0.0
        if scanner.take(oneOf: ".") {
            guard let digits = scanner.digits(), let value = Double("0." + digits) else { return nil }
            fraction = value
        }
        guard let offset = scanner.offset(), scanner.atEnd else { return nil }
        let seconds = day * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    /// The day a `full-date` (`YYYY-MM-DD`) names, as days since 1970-01-01.
    public static func dayNumber(from text: String) -> Int? {
        var scanner = DigitScanner(text)
        guard let day = scanner.fullDate(), scanner.atEnd else { return nil }
        return day
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Reads ASCII digits and separators from the front of a string.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index == bytes.count }

    mutating func take(oneOf characters: String) -> Bool {
        guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
        index += 1
        return true
    }

    /// Exactly `digits` digits as a number.
    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// One or more digits as text.
    mutating func digits() -> String? {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    /// `YYYY-MM-DD` with a day that exists, as days since 1970-01-01.
    mutating func fullDate() -> Int? {
        guard let year = number(digits: 4), take(oneOf: "-"), let month = number(digits: 2), (1...12).contains(month),
              take(oneOf: "-"), let day = number(digits: 2), day >= 1, day <= RFC3339.daysInMonth(month, year: year)
        else { return nil }
        return RFC3339.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// `Z`, `z` or `±HH:MM`, as seconds east of UTC.
    mutating func offset() -> Int? {
        if take(oneOf: "Zz") { return 0 }
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        guard take(oneOf: "+-"), let hours = number(digits: 2), hours <= 23, take(oneOf: ":"),
              let minutes = number(digits: 2), minutes <= 59
        else { return nil }
        return (negative ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
