import Foundation
import HearthCore

/// Focus statistics: figures, the last 7 and 30 days as bars, the year as a heatmap, workouts.
struct StatisticsPage: Sendable {
    struct Figure: Sendable {
        let title: String
        let value: String
        let detail: String
    }

    let layout: Layout
    let figures: [Figure]
    let week: String
    let month: String
    let year: String
    let workouts: [Figure]

    init(layout: Layout, statistics: FocusStatistics) {
        self.layout = layout
        func figure(_ title: String, _ totals: FocusStatistics.Totals) -> Figure {
            Figure(title: title, value: DisplayFormat.minutes(totals.seconds),
                   detail: DisplayFormat.count(totals.completed, "completed session", "completed sessions"))
        }
        figures = [
            figure("Today", statistics.todayTotals), figure("This week", statistics.week), figure("This month", statistics.month),
            Figure(title: "Current streak", value: statistics.currentStreak.counted(.day), detail: "days in a row with a completed focus session"),
            Figure(title: "Longest streak", value: statistics.longestStreak.counted(.day), detail: "best run so far"),
        ]
        week = SVGChart.bars(Array(statistics.days.suffix(7)), title: "Focus time, last 7 days", weekly: false)
        month = SVGChart.bars(Array(statistics.days.suffix(30)), title: "Focus time, last 30 days", weekly: true)
        year = SVGChart.heatmap(statistics.days)
        let w = statistics.workouts
        workouts = [
            Figure(title: "Workouts", value: "\(w.workouts)", detail: "in the last year"),
            Figure(title: "Rests", value: "\(w.rests)", detail: DisplayFormat.minutes(w.restSeconds) + " of rest"),
            Figure(title: "Time training", value: DisplayFormat.minutes(w.seconds), detail: "from first rest to end of workout"),
        ]
    }

}
