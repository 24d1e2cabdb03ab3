import Foundation

/// How dates appear on pages, in the viewer's time zone.
enum DisplayFormat {
    static func dateTime(_ date: Date, timeZone: String) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened)
        style.timeZone = TimeZone(identifier: timeZone) ?? .gmt
        return date.formatted(style)
    }

    static func date(_ date: Date, timeZone: String) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted)
        style.timeZone = TimeZone(identifier: timeZone) ?? .gmt
        return date.formatted(style)
    }

    /// Time for statistics: "45 s" under a minute, "25 min", "1 h 35 min" from an hour.
    static func minutes(_ seconds: Int) -> String {
        let minutes = seconds / 60
        if seconds > 0 && minutes == 0 { return "\(seconds) s" }
        return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
    }

    /// "1 session", "4 sessions", "no sessions".
    static func count(_ count: Int, _ singular: String, _ plural: String) -> String {
        switch count {
        case 0: "No \(plural)"
        case 1: "1 \(singular)"
        default: "\(count.formatted()) \(plural)"
        }
    }
}
