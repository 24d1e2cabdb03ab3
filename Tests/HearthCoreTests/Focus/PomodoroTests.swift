import Foundation
import Testing
@testable import HearthCore

@Suite struct PomodoroTests {
    @Test func focusRunsForTheFocusDuration() throws {
        var timer = TimerHarness()
        let transition = try timer.send(.startFocus(label: "Write report"))
        #expect(timer.state.phase == .focus)
        #expect(timer.state.run?.endsAt == timer.now + 1500)
        #expect(timer.remaining == 1500)
        #expect(transition.events.map(\.kind) == [.phaseStarted])
    }

    @Test func aPhaseEndsExactlyAtItsEndTime() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: "Write report"))
        timer.wait(1499)
        #expect(timer.state.phase == .focus)
        #expect(timer.remaining == 1)
        timer.wait(1)
        #expect(timer.state.phase == .idle)
        #expect(timer.sessions.count == 1)
        let session = try #require(timer.sessions.first)
        #expect(session.kind == .focus)
        #expect(session.actualSeconds == 1500)
        #expect(session.plannedSeconds == 1500)
        #expect(session.skipped == false)
        #expect(session.label == "Write report")
        #expect(timer.state.cyclePosition == 1)
        #expect(timer.state.completedFocusSessions(today: LocalDay.number(of: timer.now, in: .gmt)) == 1)
    }

    @Test func longBreakAfterConfiguredNumberOfFocusSessions() throws {
        var timer = TimerHarness { $0.autoStartBreaks = true; $0.autoStartFocus = true }
        try timer.send(.startFocus(label: nil))
        // Four focus sessions and their breaks, then the fifth focus session.
        for _ in 0..<8 { timer.waitForPhaseEnd() }
        #expect(timer.now == timer.sessions[0].startedAt + 4 * 1500 + 3 * 300 + 900)
        #expect(timer.kinds == [.focus, .shortBreak, .focus, .shortBreak, .focus, .shortBreak, .focus, .longBreak])
        #expect(timer.state.phase == .focus)
        #expect(timer.state.cyclePosition == 0)
    }

    @Test func theCycleLengthIsASetting() throws {
        var timer = TimerHarness { $0.autoStartBreaks = true; $0.autoStartFocus = true; $0.sessionsUntilLongBreak = 2 }
        try timer.send(.startFocus(label: nil))
        for _ in 0..<4 { timer.waitForPhaseEnd() }
        #expect(timer.kinds == [.focus, .shortBreak, .focus, .longBreak])
    }

    @Test func withoutAutoStartTheTimerWaitsAfterEachPhase() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        timer.wait(2000)
        #expect(timer.state.phase == .idle)
        try timer.send(.startBreak)
        #expect(timer.state.phase == .shortBreak)
        timer.wait(300)
        #expect(timer.state.phase == .idle)
    }

    @Test func autoStartedPhasesBeginWhenThePreviousEnded() throws {
        var timer = TimerHarness { $0.autoStartBreaks = true }
        let start = timer.now
        try timer.send(.startFocus(label: nil))
        timer.wait(1600)
        #expect(timer.state.phase == .shortBreak)
        #expect(timer.state.run?.startedAt == start + 1500)
        #expect(timer.state.run?.endsAt == start + 1800)
        // Without auto-start focus the timer stops after the break.
        timer.wait(300)
        #expect(timer.state.phase == .idle)
    }

    @Test func pausingMovesTheEndLaterAndPausesDoNotCount() throws {
        var timer = TimerHarness()
        let start = timer.now
        try timer.send(.startFocus(label: nil))
        timer.wait(600)
        try timer.send(.pause)
        #expect(timer.state.isPaused)
        #expect(timer.remaining == 900)
        timer.wait(3600)
        #expect(timer.state.phase == .focus)
        #expect(timer.remaining == 900)
        try timer.send(.resume)
        #expect(timer.state.run?.endsAt == start + 600 + 3600 + 900)
        timer.wait(900)
        #expect(timer.sessions.first?.actualSeconds == 1500)
        #expect(timer.sessions.first?.startedAt == start)
    }

    @Test func skippingRecordsTheRealTimeAndDoesNotCountAsCompleted() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        timer.wait(420)
        try timer.send(.skip)
        let session = try #require(timer.sessions.first)
        #expect(session.skipped)
        #expect(session.actualSeconds == 420)
        #expect(timer.state.cyclePosition == 0)
        #expect(timer.state.phase == .idle)
    }

    @Test func aSkippedFocusCountsTowardsTheLongBreakOnlyWithTheSetting() throws {
        var timer = TimerHarness { $0.sessionsUntilLongBreak = 2; $0.skippedFocusCountsTowardsLongBreak = true }
        try timer.send(.startFocus(label: nil))
        timer.wait(300)
        try timer.send(.skip)
        // The cycle moves on, but the session stays skipped and is not a completed one.
        #expect(timer.sessions.map(\.skipped) == [true])
        #expect(timer.state.cyclePosition == 1)
        #expect(timer.state.completedFocusSessions(today: LocalDay.number(of: timer.now, in: .gmt)) == 0)
        try timer.send(.startFocus(label: nil))
        timer.wait(1500)
        try timer.send(.startBreak)
        #expect(timer.state.phase == .longBreak)
        #expect(timer.state.cyclePosition == 0)
    }

    @Test func aSkippedBreakNeverMovesTheCycle() throws {
        var timer = TimerHarness { $0.skippedFocusCountsTowardsLongBreak = true }
        try timer.send(.startBreak)
        try timer.send(.skip)
        #expect(timer.state.cyclePosition == 0)
    }

    @Test func skippingABreakMovesOnToFocusWhenAutoStartFocusIsOn() throws {
        var timer = TimerHarness { $0.autoStartFocus = true }
        try timer.send(.startBreak)
        timer.wait(60)
        try timer.send(.skip)
        #expect(timer.sessions.map(\.skipped) == [true])
        #expect(timer.state.phase == .focus)
        #expect(timer.state.run?.startedAt == timer.now)
    }

    @Test func resetReturnsToIdleAndRestartsTheCycle() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        timer.wait(1500)
        try timer.send(.startFocus(label: nil))
        timer.wait(100)
        try timer.send(.reset)
        #expect(timer.state.phase == .idle)
        #expect(timer.state.cyclePosition == 0)
        #expect(timer.sessions.count == 1)
        #expect(timer.events.last?.kind == .reset)
    }

    @Test func extendingAddsToThePhaseRunningOrPaused() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        try timer.send(.extend(seconds: 300))
        #expect(timer.remaining == 1800)
        #expect(timer.state.run?.plannedSeconds == 1800)
        try timer.send(.pause)
        try timer.send(.extend(seconds: 60))
        #expect(timer.remaining == 1860)
        #expect(throws: FocusError.invalidDuration("to extend by must not be zero")) { try timer.send(.extend(seconds: 0)) }
    }

    @Test func aLongBreakIsDueAfterTheCycleEvenWhenStartedByHand() throws {
        var timer = TimerHarness { $0.sessionsUntilLongBreak = 1 }
        try timer.send(.startFocus(label: nil))
        timer.wait(1500)
        try timer.send(.startBreak)
        #expect(timer.state.phase == .longBreak)
        #expect(timer.state.run?.endsAt == timer.now + 900)
    }

    @Test func changingSettingsDoesNotChangeTheRunningPhase() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        timer.settings.focusSeconds = 60
        timer.wait(61)
        #expect(timer.state.phase == .focus)
        #expect(timer.state.settings.focusSeconds == 1500)
        timer.wait(1500)
        try timer.send(.startFocus(label: nil))
        #expect(timer.remaining == 60)
    }

    @Test func todaysCountStartsAgainAtLocalMidnight() throws {
        var timer = TimerHarness(timeZone: "America/New_York")
        timer.now = ISO8601DateFormatter().date(from: "2027-01-15T04:00:00Z")! // 23:00 in New York
        try timer.send(.startFocus(label: nil))
        timer.wait(1500)
        let day = LocalDay.number(of: timer.now, in: TimeZone(identifier: "America/New_York")!)
        #expect(timer.state.completedFocusSessions(today: day) == 1)
        timer.wait(3600) // 00:25 the next day
        #expect(timer.state.completedFocusSessions(today: day + 1) == 0)
        try timer.send(.startFocus(label: nil))
        timer.wait(1500)
        #expect(timer.state.completedFocusSessions(today: day + 1) == 1)
    }

    @Test func aLabelMayNotBeLong() {
        var timer = TimerHarness()
        #expect(throws: FocusError.invalidLabel("must be at most 200 characters")) { try timer.send(.startFocus(label: String(repeating: "x", count: 201))) }
        #expect(timer.state.phase == .idle)
    }
}
