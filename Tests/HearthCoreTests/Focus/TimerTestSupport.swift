import Foundation
@testable import HearthCore

/// Drives the engine like the server does: a virtual clock, the user's settings, and the state in between.
struct TimerHarness {
    var engine = TimerEngine(timeZone: TimeZone(identifier: "UTC")!)
    var settings = FocusSettings()
    var state = TimerState()
    var now = Date(timeIntervalSince1970: 1_800_000_000) // 2027-01-15T08:00:00Z
    /// Everything recorded so far, like the history table.
    var sessions: [FocusSession] = []
    var workouts: [WorkoutSummary] = []
    var events: [TimerEvent] = []
    /// The latest change, as the server hands it on (to webhooks and pushes).
    var last = TimerTransition(state: TimerState())

    init(timeZone: String = "UTC", configure: (inout FocusSettings) -> Void = { _ in }) {
        engine = TimerEngine(timeZone: TimeZone(identifier: timeZone)!)
        configure(&settings)
    }

    @discardableResult
    mutating func send(_ command: TimerCommand) throws(FocusError) -> TimerTransition {
        let transition = try engine.handle(command, to: state, settings: settings, at: now)
        absorb(transition)
        return transition
    }

    /// Lets `seconds` pass and lets the scheduler finish what is due.
    mutating func wait(_ seconds: TimeInterval) {
        now += seconds
        absorb(engine.advance(state, to: now, settings: settings))
    }

    /// Lets time pass to the end of the current phase, as the server's scheduler does.
    mutating func waitForPhaseEnd() {
        guard let due = state.dueAt else { return }
        wait(due.timeIntervalSince(now))
    }

    private mutating func absorb(_ transition: TimerTransition) {
        state = transition.state
        last = transition
        sessions += transition.sessions
        workouts += transition.workouts
        events += transition.events
    }

    var remaining: Int { state.remainingSeconds(at: now) }
    var kinds: [TimerPhase] { sessions.map(\.kind) }
}
