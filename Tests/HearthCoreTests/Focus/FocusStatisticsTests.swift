import Foundation
import Testing
@testable import HearthCore

@Suite struct FocusStatisticsTests {
    @Test func weeksStartOnMonday() {
        // 2027-01-15 is a Friday; its Monday is 2027-01-11.
        let friday = LocalDay.number(ofISODate: "2027-01-15")!
        #expect(LocalDay.isoDate(of: FocusStatistics.weekStart(of: friday)) == "2027-01-11")
        let monday = LocalDay.number(ofISODate: "2027-01-11")!
        #expect(FocusStatistics.weekStart(of: monday) == monday)
        #expect(LocalDay.isoDate(of: FocusStatistics.weekStart(of: LocalDay.number(ofISODate: "2027-01-17")!)) == "2027-01-11")
    }

    @Test func monthsStartOnTheFirst() {
        #expect(LocalDay.isoDate(of: FocusStatistics.monthStart(of: LocalDay.number(ofISODate: "2027-03-31")!)) == "2027-03-01")
    }

    @Test func localDaysFollowTheTimeZone() {
        let instant = ISO8601DateFormatter().date(from: "2027-01-15T23:30:00Z")!
        #expect(LocalDay.isoDate(of: LocalDay.number(of: instant, in: TimeZone(identifier: "UTC")!)) == "2027-01-15")
        #expect(LocalDay.isoDate(of: LocalDay.number(of: instant, in: TimeZone(identifier: "Europe/Berlin")!)) == "2027-01-16")
        #expect(LocalDay.isoDate(of: LocalDay.number(of: instant, in: TimeZone(identifier: "America/Los_Angeles")!)) == "2027-01-15")
    }

    @Test(arguments: ["2027-02-30", "2027-13-01", "27-01-01", "yesterday"])
    func invalidDatesAreRejected(text: String) {
        #expect(LocalDay.number(ofISODate: text) == nil)
    }
}
