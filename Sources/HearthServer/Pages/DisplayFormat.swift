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

    /// Minutes for statistics: "0 min", "95 min" ("1 h 35 min" from an hour).
    static func minutes(_ seconds: Int) -> String {
        let minutes = seconds / 60
        return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
    }
}
