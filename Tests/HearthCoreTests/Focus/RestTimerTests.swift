import Foundation
import Testing
@testable import HearthCore

@Suite struct RestTimerTests {
    @Test func aRestLastsTheRestSettingByDefault() throws {
        var timer = TimerHarness()
        try timer.send(.startRest(seconds: nil))
        #expect(timer.state.mode == .rest)
        #expect(timer.state.phase == .rest)
        #expect(timer.remaining == 90)
        #expect(timer.state.workout?.startedAt == timer.now)
    }

    @Test func restDurationsOutsideFiveSecondsToTenMinutesAreRefused() {
        var timer = TimerHarness()
        #expect(throws: FocusError.self) { try timer.send(.startRest(seconds: 4)) }
        #expect(throws: FocusError.self) { try timer.send(.startRest(seconds: 601)) }
        #expect(timer.state == TimerState())
    }

    @Test func plusAndMinusFifteenSecondsAdjustTheRestButLeaveAtLeastOneSecond() throws {
        var timer = TimerHarness()
        try timer.send(.startRest(seconds: 30))
        try timer.send(.extend(seconds: 15))
        #expect(timer.remaining == 45)
        try timer.send(.extend(seconds: -15))
        try timer.send(.extend(seconds: -15))
        #expect(timer.remaining == 15)
        try timer.send(.extend(seconds: -15))
        #expect(timer.remaining == 1)
        #expect(timer.state.phase == .rest)
    }

    @Test func theAlarmRingsUntilDismissed() throws {
        var timer = TimerHarness()
        try timer.send(.startRest(seconds: 60))
        timer.wait(60)
        #expect(timer.state.phase == .alarm)
        #expect(timer.sessions.map(\.kind) == [.rest])
        try timer.send(.dismiss)
        #expect(timer.state.phase == .idle)
        #expect(timer.state.workout?.rests == 1)
    }

    @Test func startingTheNextRestSilencesTheAlarm() throws {
        var timer = TimerHarness()
        try timer.send(.startRest(seconds: 60))
        timer.wait(70)
        try timer.send(.startRest(seconds: nil))
        #expect(timer.state.phase == .rest)
        #expect(timer.events.map(\.kind).contains(.dismissed))
    }

    @Test func aRestCannotBePaused() throws {
        var timer = TimerHarness()
        try timer.send(.startRest(seconds: nil))
        #expect(throws: FocusError.notAllowed(command: "pause", state: "running a rest")) { try timer.send(.pause) }
    }

    @Test func endingTheWorkoutSummarisesItsRests() throws {
        // Setup: two full rests and one stopped early, with sets in between.
        var timer = TimerHarness()
        let start = timer.now
        try timer.send(.startRest(seconds: 60))
        timer.wait(60)
        try timer.send(.dismiss)
        timer.wait(120)
        try timer.send(.startRest(seconds: 90))
        timer.wait(100)
        timer.wait(60)
        try timer.send(.startRest(seconds: 90))
        timer.wait(30)
        // Act
        try timer.send(.endWorkout)
        // Check
        let summary = try #require(timer.workouts.first)
        #expect(summary.rests == 3)
        #expect(summary.restSeconds == 60 + 90 + 30)
        #expect(summary.startedAt == start)
        #expect(summary.seconds == 60 + 120 + 160 + 30)
        #expect(timer.state.phase == .idle)
        #expect(timer.state.workout == nil)
        #expect(timer.events.last?.kind == .workoutEnded)
    }

    @Test func startingAnotherTimerClosesTheWorkoutAtItsLastRest() throws {
        var timer = TimerHarness()
        let start = timer.now
        try timer.send(.startRest(seconds: 60))
        timer.wait(60)
        try timer.send(.dismiss)
        timer.wait(5 * 3600)
        try timer.send(.startFocus(label: nil))
        let summary = try #require(timer.workouts.first)
        #expect(summary.endedAt == start + 60)
        #expect(summary.rests == 1)
    }

    @Test func stoppingARestKeepsTheWorkoutOpen() throws {
        var timer = TimerHarness()
        try timer.send(.startRest(seconds: nil))
        timer.wait(20)
        try timer.send(.reset)
        #expect(timer.state.phase == .idle)
        #expect(timer.state.workout?.rests == 1)
        #expect(timer.sessions.first?.skipped == true)
    }
}
