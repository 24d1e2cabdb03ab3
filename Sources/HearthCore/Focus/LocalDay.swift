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
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let utc = Calendar.utcGregorian
        guard let date = utc.date(from: DateComponents(year: year, month: month, day: day)),
              utc.component(.day, from: date) == day
        else { return nil }
        return Int(date.timeIntervalSince1970 / 86_400)
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
