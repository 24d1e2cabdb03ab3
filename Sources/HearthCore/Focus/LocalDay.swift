import Foundation

/// A calendar day in a user's time zone, as a number of days since 1970-01-01.
/// Statistics group by it, so "today" and streaks follow the user's midnight.
public enum LocalDay {
    /// The day `date` falls on in `timeZone`.
    public static func number(of date: Date, in timeZone: TimeZone) -> Int {
        let offset = TimeInterval(timeZone.secondsFromGMT(for: date))
        return Int(((date.timeIntervalSince1970 + offset) / 86_400).rounded(.down))
    }

    /// The first instant of day `number` in `timeZone`.
    public static func start(of number: Int, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let utcMidnight = Date(timeIntervalSince1970: TimeInterval(number) * 86_400)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let parts = utc.dateComponents([.year, .month, .day], from: utcMidnight)
        return calendar.date(from: parts) ?? utcMidnight
    }
}
