import HearthCore

extension SVGChart {
    /// Horizontal bars of money per room or category, in their order, each labelled with its name and
    /// amount. Groups without value are left out; nil-valued charts say so in words.
    /// A bar takes its room's or category's colour (`#RRGGBB`, checked when saved) when it has one.
    static func values(_ entries: [(name: String, amount: Int, color: String?)], currency: String, title: String) -> String {
        let shown = entries.filter { $0.amount > 0 }
        guard !shown.isEmpty else { return "" }
        let row = 26.0, width = 340.0, labelWidth = 110.0, amountWidth = 88.0
        let height = row * Double(shown.count)
        let maximum = Double(shown.map(\.amount).max() ?? 1)
        var svg = #"<svg class="chart ranking values" viewBox="0 0 \#(Int(width)) \#(Int(height))" role="img" aria-label="\#(escape(title))">"#
        for (index, entry) in shown.enumerated() {
            let y = Double(index) * row
            let barWidth = max((width - labelWidth - amountWidth) * Double(entry.amount) / maximum, 2)
            let name = entry.name.count > 15 ? String(entry.name.prefix(14)) + "…" : entry.name
            let amount = Money(amount: entry.amount, currency: currency)
            let short = shortAmount(amount)
            svg += #"<text class="label" x="0" y="\#(String(format: "%.1f", y + row * 0.65))">\#(escape(name))</text>"#
            // An attribute, not a style: the pages' Content-Security-Policy allows no inline styles.
            let fill = entry.color.map { #" fill="\#(escape($0))""# } ?? ""
            svg += #"<rect class="bar"\#(fill) x="\#(Int(labelWidth))" y="\#(String(format: "%.1f", y + 5))" width="\#(String(format: "%.1f", barWidth))" height="\#(Int(row - 10))" rx="3"><title>\#(escape("\(entry.name): \(amount.formatted)"))</title></rect>"#
            svg += #"<text class="count" x="\#(String(format: "%.1f", labelWidth + barWidth + 6))" y="\#(String(format: "%.1f", y + row * 0.65))">\#(escape(short))</text>"#
        }
        return svg + "</svg>"
    }

    /// "$1.2k", "€350", "¥1.5M": an amount short enough for a chart label.
    static func shortAmount(_ money: Money) -> String {
        let digits = Currency.minorDigits(money.currency) ?? 2
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let major = Double(money.amount) / Double(scale)
        let symbol = Currency.symbol(money.currency) ?? "\(money.currency) "
        switch major {
        case 1_000_000...: return symbol + String(format: "%.1fM", major / 1_000_000)
        case 10_000...: return symbol + String(format: "%.0fk", major / 1000)
        case 1000...: return symbol + String(format: "%.1fk", major / 1000)
        default: return symbol + String(format: "%.0f", major)
        }
    }
}
