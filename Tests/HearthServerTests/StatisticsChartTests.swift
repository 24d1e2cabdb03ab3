import Foundation
import HearthCore
import Testing
@testable import HearthServer

/// The focus charts read well on a phone: labels are HTML (never scaled down), one per day for a
/// week and one per week for a month; short sessions say their seconds.
@Suite struct StatisticsChartTests {
    let today = LocalDay.number(ofISODate: "2027-01-15")!

    func days(_ count: Int, seconds: Int = 0) -> [FocusDayTotal] {
        (0..<count).map { FocusDayTotal(day: today - count + 1 + $0, seconds: $0 == count - 1 ? seconds : 0, completed: $0 == count - 1 ? 1 : 0) }
    }

    @Test func aWeekHasADayLabelUnderEachBar() {
        let html = SVGChart.bars(days(7, seconds: 45), title: "Focus", weekly: false)
        #expect(!html.contains("<text"), "no text inside the scaled drawing")
        #expect(html.matches(of: /<span class="span-1">(Mon|Tue|Wed|Thu|Fri|Sat|Sun)<\/span>/).count == 7)
        #expect(html.contains("Most in a day: 45 s"))
        #expect(html.contains("2027-01-15: 45 s, 1 completed session"))
    }

    @Test func aMonthHasOneLabelPerWeekSpanningItsDays() {
        let html = SVGChart.bars(days(30), title: "Focus", weekly: true)
        let labels = html.matches(of: /<span class="span-(\d+)">([^<]*)<\/span>/).map { (Int($0.1)!, String($0.2)) }
        #expect(labels.map(\.0) == [7, 7, 7, 7, 2])
        #expect(labels.map(\.1) == ["Dec 17", "Dec 24", "Dec 31", "Jan 7", ""])
        #expect(html.contains("No focus time in these days yet"))
    }

    @Test func timeUnderAMinuteIsShownInSeconds() {
        #expect(DisplayFormat.minutes(0) == "0 min")
        #expect(DisplayFormat.minutes(17) == "17 s")
        #expect(DisplayFormat.minutes(95 * 60) == "1 h 35 min")
        #expect(DisplayFormat.count(4, "session", "sessions") == "4 sessions")
        #expect(DisplayFormat.count(1, "session", "sessions") == "1 session")
    }
}
