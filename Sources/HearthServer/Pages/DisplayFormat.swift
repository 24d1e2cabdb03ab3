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

    /// A duration such as "25:00" or "1:05:00".
    static func duration(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// Minutes for statistics: "0 min", "95 min" ("1 h 35 min" from an hour).
    static func minutes(_ seconds: Int) -> String {
        let minutes = seconds / 60
        return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
    }
}
