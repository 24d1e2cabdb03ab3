import Foundation

/// A calendar day in a user's time zone, as a number of days since 1970-01-01.
/// Statistics group by it, so "today" and streaks follow the user's midnight.
public enum LocalDay {
    /// The day `date` falls on in `timeZone`.
    public static func number(of date: Date, in timeZone: TimeZone) -> Int {
        let offset = TimeInterval(timeZone.secondsFromGMT(for: date))
        return Int(((date.timeIntervalSince1970 + offset) / 86_400).rounded(.down))
    }

    /// The day of a calendar date written `YYYY-MM-DD`, or nil when it is not one.
    public static func number(ofISODate text: String) -> Int? {
        RFC3339.dayNumber(from: text)
    }

    /// Day `number` written `YYYY-MM-DD`.
    public static func isoDate(of number: Int) -> String {
        let parts = Calendar.utcGregorian.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(number) * 86_400))
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC: local day numbers are calendar dates, so date arithmetic on
    /// them happens in UTC.
    static let utcGregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
