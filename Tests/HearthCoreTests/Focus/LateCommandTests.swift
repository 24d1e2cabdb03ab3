import Foundation
import Testing
@testable import HearthCore

/// Commands made without a connection and sent later: the timer and its history come out as if
/// each had arrived when it was made.
@Suite struct LateCommandTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aWorkoutTappedInAGymWithoutSignalIsRecordedAsIfTheNetworkHadBeenThere() throws {
        let taps: [(TimerCommand, TimeInterval)] = [
            (.startRest(seconds: 60), 0), (.dismiss, 65), (.startRest(seconds: 60), 120), (.extend(seconds: 15), 150),
            (.dismiss, 200), (.startRest(seconds: 90), 260), (.extend(seconds: -15), 270), (.endWorkout, 400),
        ]
        var online = StoredTimer(now: start)
        for (command, offset) in taps {
            online.schedulerRuns(at: start + offset)
            try online.receive(command, madeAt: start + offset, at: start + offset)
        }
        // Offline, the same taps reach the server a quarter of an hour later, one after another.
        var late = StoredTimer(now: start)
        for (index, (command, offset)) in taps.enumerated() {
            try late.receive(command, madeAt: start + offset, at: start + 900 + Double(index))
        }
        #expect(late.sessions.map(Comparable.init) == online.sessions.map(Comparable.init))
        #expect(late.workouts.map(Comparable.init) == online.workouts.map(Comparable.init))
        #expect(late.sessions.map(\.actualSeconds) == [60, 75, 75])
        #expect(late.record.state.phase == .idle && late.record.state.workout == nil)
    }

    @Test func aLatePauseTakesBackThePhaseEndTheSchedulerRecordedWithoutIt() throws {
        var timer = StoredTimer(now: start)
        try timer.receive(.startFocus(label: "Essay"), madeAt: start, at: start)
        timer.schedulerRuns(at: start + 1500)
        #expect(timer.sessions.map(\.kind) == [.focus])
        // The pause was tapped at 1000 s on a phone without signal; it arrives at 1600 s.
        let change = try timer.receive(.pause, madeAt: start + 1000, at: start + 1600)
        #expect(change.replacesAfter == start + 1000)
        #expect(timer.sessions.isEmpty)
        #expect(timer.record.state.phase == .focus && timer.record.state.isPaused)
        #expect(timer.record.state.remainingSeconds(at: start + 1600) == 500)
        #expect(change.transition.events.map(\.kind) == [.paused])
    }

    @Test func aLateCommandNeverGoesBeforeTheLastCommand() throws {
        var timer = StoredTimer(now: start)
        try timer.receive(.startRest(seconds: 60), madeAt: start, at: start)
        // Another device reset at 20 s; this one extended at 10 s and sends it at 30 s.
        try timer.receive(.reset, madeAt: start + 20, at: start + 21)
        #expect(throws: FocusError.self) { try timer.receive(.extend(seconds: 15), madeAt: start + 10, at: start + 30) }
        try timer.receive(.startRest(seconds: 60), madeAt: start + 10, at: start + 31)
        #expect(timer.record.commandAt == start + 20)
        #expect(timer.record.state.run?.startedAt == start + 20)
    }

    @Test func aCommandFromAClockAheadIsAppliedNowAndOneOlderThanADayADayAgo() throws {
        var ahead = StoredTimer(now: start)
        try ahead.receive(.startRest(seconds: 60), madeAt: start + 3600, at: start + 5)
        #expect(ahead.record.state.run?.startedAt == start + 5)

        var old = StoredTimer(now: start)
        let now = start + 3 * 24 * 3600
        try old.receive(.startFocus(label: nil), madeAt: start, at: now)
        #expect(old.sessions.first?.startedAt == now - TimerEngine.lateCommandLimit)
    }

    @Test func withoutTheLastCommandsStateALateCommandFollowsWhatIsRecorded() throws {
        // A timer last written by an earlier release keeps no command state.
        let engine = TimerEngine(timeZone: TimeZone(identifier: "UTC")!)
        let running = try engine.handle(.startRest(seconds: 60), to: TimerState(), settings: FocusSettings(), at: start).state
        let record = TimerRecord(state: running, recordedUntil: start + 30)
        let change = try engine.handle(.extend(seconds: 15), to: record, settings: FocusSettings(), madeAt: start + 10, now: start + 40)
        #expect(change.replacesAfter == nil)
        #expect(change.commandAt == start + 30)
        #expect(change.transition.state.run?.endsAt == start + 75)
    }

    @Test func onlyTheLastMinuteOfALateCommandIsNews() throws {
        var timer = StoredTimer(now: start)
        // A rest started offline, sent when it has rung for 30 s: that it rings is news, its start is not.
        let change = try timer.receive(.startRest(seconds: 60), madeAt: start, at: start + 90)
        #expect(change.transition.events.map(\.kind) == [.phaseStarted, .phaseCompleted, .alarm])
        #expect(change.transition.news(at: start + 90).events.map(\.kind) == [.phaseCompleted, .alarm])
        #expect(change.transition.news(at: start + 600).events.isEmpty)
    }

    @Test func aCommandSentAtOnceChangesNothingOfTheUsualWay() throws {
        var timer = StoredTimer(now: start)
        let change = try timer.receive(.startFocus(label: nil), madeAt: nil, at: start)
        #expect(change.commandAt == start && change.replacesAfter == nil)
        #expect(change.transition.events.map(\.kind) == [.phaseStarted])
    }
}

/// The timer as the store keeps it: the record, and the history with what a late command replaces.
private struct StoredTimer {
    let engine = TimerEngine(timeZone: TimeZone(identifier: "UTC")!)
    let settings = FocusSettings()
    var record: TimerRecord
    var sessions: [FocusSession] = []
    var workouts: [WorkoutSummary] = []

    init(now: Date) {
        record = TimerRecord(state: TimerState(), recordedUntil: now)
    }

    @discardableResult
    mutating func receive(_ command: TimerCommand, madeAt: Date?, at now: Date) throws(FocusError) -> TimerChange {
        let change = try engine.handle(command, to: record, settings: settings, madeAt: madeAt, now: now)
        if let after = change.replacesAfter {
            sessions.removeAll { $0.endedAt > after }
            workouts.removeAll { $0.endedAt > after }
        }
        record.commandState = change.commandState
        record.commandAt = change.commandAt
        write(change.transition, at: now)
        return change
    }

    /// The server's scheduler finishing what is due.
    mutating func schedulerRuns(at now: Date) {
        write(engine.advance(record.state, to: now, settings: settings), at: now)
    }

    private mutating func write(_ transition: TimerTransition, at now: Date) {
        guard transition.state != record.state || !transition.events.isEmpty else { return }
        record.state = transition.state
        record.recordedUntil = now
        sessions += transition.sessions
        workouts += transition.workouts
    }
}

/// A session or workout without its id (a session worked out again gets a new one).
private struct Comparable: Equatable {
    let fields: [String]

    init(_ session: FocusSession) {
        fields = ["\(session.kind)", "\(session.startedAt)", "\(session.endedAt)", "\(session.plannedSeconds)",
                  "\(session.actualSeconds)", "\(session.skipped)", session.label ?? ""]
    }

    init(_ workout: WorkoutSummary) {
        fields = ["\(workout.startedAt)", "\(workout.endedAt)", "\(workout.rests)", "\(workout.restSeconds)"]
    }
}
