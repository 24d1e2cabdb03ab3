import Foundation
import Testing
@testable import HearthCore

@Suite struct TimerCommandRulesTests {
    @Test(arguments: [TimerCommand.pause, .resume, .skip, .reset, .extend(seconds: 60), .dismiss, .endWorkout])
    func commandsThatNeedARunningTimerAreRefusedWhenIdle(command: TimerCommand) {
        var timer = TimerHarness()
        #expect(throws: FocusError.notAllowed(command: command.name, state: "idle")) { try timer.send(command) }
        #expect(timer.state == TimerState())
    }

    @Test(arguments: [TimerCommand.startFocus(label: nil), .startBreak, .startCountdown(try! TimeOfDay(hour: 18, minute: 0)), .startRest(seconds: nil)])
    func nothingStartsWhileAPhaseRuns(command: TimerCommand) throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        let before = timer.state
        #expect(throws: FocusError.self) { try timer.send(command) }
        #expect(timer.state == before)
    }

    @Test func resumingARunningTimerIsRefused() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        #expect(throws: FocusError.notAllowed(command: "resume", state: "running a focus")) { try timer.send(.resume) }
    }

    @Test func aCommandArrivingAfterThePhaseEndedSeesItEnded() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        timer.now += 1501 // nobody advanced the timer yet
        #expect(throws: FocusError.notAllowed(command: "pause", state: "idle")) { try timer.send(.pause) }
    }

    @Test func catchingUpAfterDowntimeRecordsEachPhaseOnceAndEndsInTheCurrentOne() throws {
        // Setup: both auto-starts on, then the server is down for two hours.
        var timer = TimerHarness { $0.autoStartBreaks = true; $0.autoStartFocus = true }
        let start = timer.now
        try timer.send(.startFocus(label: "Deep work"))
        // Act: one catch-up, as on restart.
        timer.wait(7200)
        // Check: F 0–1500, S –1800, F –3300, S –3600, F –5100, S –5400, F –6900, then the long break runs.
        #expect(timer.kinds == [.focus, .shortBreak, .focus, .shortBreak, .focus, .shortBreak, .focus])
        #expect(timer.state.phase == .longBreak)
        #expect(timer.state.run?.startedAt == start + 6900)
        #expect(Set(timer.sessions.map(\.id)).count == 7)
        #expect(zip(timer.sessions, timer.sessions.dropFirst()).allSatisfy { $0.endedAt == $1.startedAt })
        #expect(timer.sessions.filter { $0.kind == .focus }.allSatisfy { $0.label == "Deep work" })
        // Advancing again to the same time changes nothing.
        let again = timer.engine.advance(timer.state, to: timer.now, settings: timer.settings)
        #expect(again.events.isEmpty)
    }

    @Test func catchingUpAfterALongDowntimeStopsAfterOneCycle() throws {
        var timer = TimerHarness { $0.autoStartBreaks = true; $0.autoStartFocus = true }
        try timer.send(.startFocus(label: nil))
        timer.wait(24 * 3600)
        #expect(timer.sessions.count == 8)
        #expect(timer.kinds.last == .longBreak)
        #expect(timer.state.phase == .idle)
    }

    @Test func extendingIsBounded() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        #expect(throws: FocusError.self) { try timer.send(.extend(seconds: Int.max)) }
        #expect(throws: FocusError.self) { try timer.send(.extend(seconds: Int.min)) }
        #expect(timer.remaining == 1500)
    }

    @Test func shorteningNeverAddsTime() throws {
        var timer = TimerHarness()
        try timer.send(.startRest(seconds: 30))
        timer.now += 29.5
        try timer.send(.extend(seconds: -15))
        #expect(timer.state.run?.endsAt == timer.now + 0.5)
    }

    @Test func settingsAreValidatedAgainstTheirRanges() throws {
        var settings = FocusSettings()
        #expect(try settings.validated() == settings)
        settings.focusSeconds = 4 * 3600 + 1
        #expect(throws: FocusError.invalidSetting("focusSeconds", "must be between 1 and 14400")) { try settings.validated() }
        settings = FocusSettings()
        settings.sessionsUntilLongBreak = 11
        #expect(throws: FocusError.invalidSetting("sessionsUntilLongBreak", "must be between 1 and 10")) { try settings.validated() }
        settings = FocusSettings()
        settings.restSeconds = 4
        #expect(throws: FocusError.invalidSetting("restSeconds", "must be between 5 and 600")) { try settings.validated() }
        settings = FocusSettings()
        settings.sound = "air horn"
        #expect(throws: FocusError.self) { try settings.validated() }
    }

    @Test func sessionIdsComeFromTheGenerator() throws {
        let ids = [UUID(), UUID()]
        let counter = Counter()
        var timer = TimerHarness()
        timer.engine = TimerEngine(timeZone: .gmt, ids: IDGenerator { ids[counter.next() % ids.count] })
        try timer.send(.startFocus(label: nil))
        timer.wait(1500)
        #expect(timer.sessions.first?.id == ids[0])
    }
}

final class Counter: @unchecked Sendable {
    private var value = -1
    private let lock = NSLock()
    func next() -> Int { lock.withLock { value += 1; return value } }
}
