import Foundation
import HearthCore

/// Server-rendered SVG charts for the statistics pages. They take only numbers and dates, and the
/// text they contain is escaped anyway; colours come from the stylesheet (`currentColor`, classes).
enum SVGChart {
    /// Vertical bars of focus time per day, oldest on the left. The bars stretch to the width of
    /// the page; the labels under them are HTML, so they keep their size on a phone: one per day
    /// for a week, one per week (spanning its seven columns) for a month, never on top of each other.
    static func bars(_ days: [FocusDayTotal], title: String, weekly: Bool) -> String {
        let width = Double(max(days.count, 1)) * 10, height = 100.0
        let peak = days.map(\.seconds).max() ?? 0, maximum = max(peak, 1)
        let caption = peak > 0 ? "Most in a day: \(DisplayFormat.minutes(peak))" : "No focus time in these days yet"
        var html = #"<figure class="bar-chart"><figcaption class="chart-peak">\#(caption)</figcaption>"#
        html += #"<svg class="chart bars" viewBox="0 0 \#(Int(width)) \#(Int(height))" preserveAspectRatio="none" role="img" aria-label="\#(escape(title))">"#
        for (index, day) in days.enumerated() {
            let barHeight = max(height * Double(day.seconds) / Double(maximum), day.seconds > 0 ? 1.5 : 0)
            let label = "\(LocalDay.isoDate(of: day.day)): \(DisplayFormat.minutes(day.seconds)), \(DisplayFormat.count(day.completed, "completed session", "completed sessions").lowercased())"
            html += #"<rect class="bar" x="\#(format(Double(index) * 10 + 1.5))" y="\#(format(height - barHeight))" width="7" height="\#(format(barHeight))"><title>\#(escape(label))</title></rect>"#
        }
        html += #"</svg><div class="chart-ticks columns-\#(days.count)" aria-hidden="true">"#
        let step = weekly ? 7 : 1
        for start in stride(from: 0, to: days.count, by: step) {
            let span = min(step, days.count - start)
            html += #"<span class="span-\#(span)">\#(escape(span < 3 && weekly ? "" : tick(days[start].day, daily: !weekly)))</span>"#
        }
        return html + "</div></figure>"
    }

    /// A year of days as a contribution graph: one column per week (Monday on top), darker for more focus.
    static func heatmap(_ days: [FocusDayTotal]) -> String {
        guard let first = days.first?.day else { return "" }
        let cell = 11.0, gap = 2.0
        let start = FocusStatistics.weekStart(of: first)
        let weeks = (days.last!.day - start) / 7 + 1
        let maximum = max(days.map(\.seconds).max() ?? 0, 1)
        let width = Double(weeks) * (cell + gap), height = 7 * (cell + gap)
        var svg = #"<svg class="chart heatmap" viewBox="0 0 \#(format(width)) \#(format(height))" role="img" aria-label="Focus per day over the last year">"#
        for day in days {
            let column = Double((day.day - start) / 7), row = Double((day.day - start) % 7)
            let level = day.seconds == 0 ? 0 : min(4, 1 + 4 * (day.seconds - 1) / maximum)
            let label = "\(LocalDay.isoDate(of: day.day)): \(DisplayFormat.minutes(day.seconds))"
            svg += #"<rect class="level-\#(level)" x="\#(format(column * (cell + gap)))" y="\#(format(row * (cell + gap)))" width="\#(cell)" height="\#(cell)" rx="2"><title>\#(escape(label))</title></rect>"#
        }
        return svg + "</svg>"
    }

    /// Horizontal bars for a ranking (most bought items), largest first, each labelled with its name and count.
    static func ranking(_ entries: [(name: String, count: Int)], title: String) -> String {
        // Drawn at about phone width, so the labels stay readable when the chart scales down.
        let row = 26.0, width = 340.0, labelWidth = 120.0, countWidth = 34.0
        let height = row * Double(max(entries.count, 1))
        let maximum = Double(max(entries.map(\.count).max() ?? 1, 1))
        var svg = #"<svg class="chart ranking" viewBox="0 0 \#(Int(width)) \#(Int(height))" role="img" aria-label="\#(escape(title))">"#
        for (index, entry) in entries.enumerated() {
            let y = Double(index) * row
            let barWidth = max((width - labelWidth - countWidth) * Double(entry.count) / maximum, 2)
            let name = entry.name.count > 16 ? String(entry.name.prefix(15)) + "…" : entry.name
            svg += #"<text class="label" x="0" y="\#(format(y + row * 0.65))">\#(escape(name))</text>"#
            svg += #"<rect class="bar" x="\#(format(labelWidth))" y="\#(format(y + 5))" width="\#(format(barWidth))" height="\#(format(row - 10))" rx="3"><title>\#(escape("\(entry.name): bought \(entry.count == 1 ? "once" : "\(entry.count) times")"))</title></rect>"#
            svg += #"<text class="count" x="\#(format(labelWidth + barWidth + 6))" y="\#(format(y + row * 0.65))">\#(entry.count)</text>"#
        }
        return svg + "</svg>"
    }

    private static func tick(_ day: Int, daily: Bool) -> String {
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        if daily { return weekdays[day - FocusStatistics.weekStart(of: day)] }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = LocalDay.isoDate(of: day).split(separator: "-").compactMap { Int($0) }
        return parts.count == 3 ? "\(months[parts[1] - 1]) \(parts[2])" : ""
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
