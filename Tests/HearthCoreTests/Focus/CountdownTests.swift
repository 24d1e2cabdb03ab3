import Foundation
import Testing
@testable import HearthCore

@Suite struct CountdownTests {
    func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    @Test func countsDownToTheTimeLaterToday() throws {
        var timer = TimerHarness(timeZone: "Europe/Berlin")
        timer.now = date("2027-01-15T15:00:00Z") // 16:00 in Berlin
        try timer.send(.startCountdown(TimeOfDay(parsing: "17:30")))
        #expect(timer.state.phase == .countdown)
        #expect(timer.state.run?.endsAt == date("2027-01-15T16:30:00Z"))
        #expect(timer.remaining == 5400)
        #expect(timer.state.countdownTarget?.description == "17:30")
    }

    @Test func aCountdownThatRanToItsEndIsLoggedAsLongAsPlanned() throws {
        for fraction in [0.2, 0.5, 0.6, 0.99] {
            var timer = TimerHarness(timeZone: "Europe/Berlin")
            timer.now = date("2027-01-15T15:00:00Z").addingTimeInterval(fraction) // a start between two seconds
            try timer.send(.startCountdown(TimeOfDay(parsing: "16:03")))
            timer.waitForPhaseEnd()
            let session = try #require(timer.sessions.last)
            #expect(session.kind == .countdown && !session.skipped)
            #expect(session.actualSeconds == session.plannedSeconds, "started \(fraction) s into a second")
        }
    }

    @Test func aTimeThatHasPassedMeansTomorrow() throws {
        var timer = TimerHarness(timeZone: "Europe/Berlin")
        timer.now = date("2027-01-15T17:00:00Z") // 18:00
        try timer.send(.startCountdown(TimeOfDay(parsing: "17:30")))
        #expect(timer.state.run?.endsAt == date("2027-01-16T16:30:00Z"))
    }

    @Test func theTargetTimeItselfMeansTomorrow() throws {
        let target = try TimeOfDay(parsing: "17:30")
        let now = date("2027-01-15T16:30:00Z")
        #expect(try target.nextOccurrence(after: now, in: TimeZone(identifier: "Europe/Berlin")!) == date("2027-01-16T16:30:00Z"))
    }

    @Test func acrossTheSpringDaylightSavingChangeTheDayIs23Hours() throws {
        // Berlin moves from 02:00 to 03:00 on 2027-03-28.
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let target = try TimeOfDay(parsing: "09:00")
        let now = date("2027-03-27T08:00:01Z") // 09:00:01 CET
        let end = try target.nextOccurrence(after: now, in: berlin)
        #expect(end == date("2027-03-28T07:00:00Z")) // 09:00 CEST
        #expect(end.timeIntervalSince(now) == 23 * 3600 - 1)
    }

    @Test func aTimeSkippedByDaylightSavingFallsToTheNextValidTime() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let end = try TimeOfDay(parsing: "02:30").nextOccurrence(after: date("2027-03-27T23:00:00Z"), in: berlin)
        #expect(end == date("2027-03-28T01:00:00Z")) // 03:00 CEST, the first valid time after the gap
    }

    @Test func aTimeThatHappensTwiceInAutumnMeansTheFirstOfThem() throws {
        // Berlin goes from 03:00 CEST back to 02:00 CET on 2027-10-31: 02:30 happens twice.
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let end = try TimeOfDay(parsing: "02:30").nextOccurrence(after: date("2027-10-30T22:00:00Z"), in: berlin)
        #expect(end == date("2027-10-31T00:30:00Z")) // 02:30 CEST
    }

    @Test func acrossTheAutumnChangeTheDayIs25Hours() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let now = date("2027-10-30T07:00:01Z") // 09:00:01 CEST
        let end = try TimeOfDay(parsing: "09:00").nextOccurrence(after: now, in: berlin)
        #expect(end.timeIntervalSince(now) == 25 * 3600 - 1)
    }

    @Test(arguments: ["24:00", "12:60", "7", "12:5", "ab:cd", "", "12:30:00"])
    func badTargetsAreRefused(text: String) {
        #expect(throws: FocusError.invalidTarget(text)) { try TimeOfDay(parsing: text) }
    }

    @Test func pausingFreezesAndResumingMovesTheEndLater() throws {
        var timer = TimerHarness()
        timer.now = date("2027-01-15T16:00:00Z")
        try timer.send(.startCountdown(TimeOfDay(parsing: "17:00")))
        timer.wait(600)
        try timer.send(.pause)
        timer.wait(300)
        #expect(timer.remaining == 3000)
        try timer.send(.resume)
        #expect(timer.state.run?.endsAt == date("2027-01-15T17:05:00Z"))
    }

    @Test func atTheEndTheAlarmRingsAndStopsAfterFiveMinutes() throws {
        var timer = TimerHarness()
        timer.now = date("2027-01-15T16:59:00Z")
        try timer.send(.startCountdown(TimeOfDay(parsing: "17:00")))
        timer.wait(60)
        #expect(timer.state.phase == .alarm)
        #expect(timer.state.mode == .countdown)
        #expect(timer.sessions.map(\.kind) == [.countdown])
        #expect(timer.events.suffix(2).map(\.kind) == [.phaseCompleted, .alarm])
        timer.wait(299)
        #expect(timer.state.phase == .alarm)
        timer.wait(1)
        #expect(timer.state.phase == .idle)
        #expect(timer.events.last?.kind == .dismissed)
    }

    @Test func stoppingRecordsASkippedCountdownAndKeepsTheTarget() throws {
        var timer = TimerHarness()
        timer.now = date("2027-01-15T16:00:00Z")
        try timer.send(.startCountdown(TimeOfDay(parsing: "17:00")))
        timer.wait(120)
        try timer.send(.reset)
        #expect(timer.state.phase == .idle)
        #expect(timer.sessions.first?.skipped == true)
        #expect(timer.sessions.first?.actualSeconds == 120)
        #expect(timer.state.countdownTarget?.description == "17:00")
    }
}
