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
}
