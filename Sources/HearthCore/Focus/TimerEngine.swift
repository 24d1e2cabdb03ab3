import Foundation

/// The timer as a pure state machine: `(state, command or time) -> (state, events)`.
/// Pomodoro, countdown and rest timer are modes of this one engine. Time comes in as a value,
/// so tests drive it with a virtual clock and the server's scheduler with the real one.
public struct TimerEngine: Sendable {
    /// An alarm nobody dismisses stops by itself after this long.
    public static let alarmAutoDismiss: TimeInterval = 5 * 60
    public static let maximumLabelLength = 200
    /// No phase, however extended, lasts longer than a day.
    public static let maximumPhaseSeconds = 24 * 3600

    /// The user's time zone: decides "today" and when a countdown's time of day comes.
    public let timeZone: TimeZone
    public let ids: IDGenerator

    public init(timeZone: TimeZone, ids: IDGenerator = .random) {
        self.timeZone = timeZone
        self.ids = ids
    }

    /// Finishes what is due by `now`, then applies `command`. Throws (changing nothing) when the
    /// command does not fit the state. `settings` are the user's current ones; a phase that
    /// starts takes a snapshot of them.
    public func handle(_ command: TimerCommand, to state: TimerState, settings: FocusSettings, at now: Date) throws(FocusError) -> TimerTransition {
        var transition = advance(state, to: now, settings: settings)
        switch command {
        case .startFocus(let label): try startFocus(label: label, &transition, settings: settings, at: now)
        case .startBreak: try startBreak(&transition, settings: settings, at: now)
        case .startCountdown(let target): try startCountdown(target, &transition, settings: settings, at: now)
        case .startRest(let seconds): try startRest(seconds: seconds, &transition, settings: settings, at: now)
        case .pause: try pause(&transition, at: now)
        case .resume: try resume(&transition, at: now)
        case .skip: try skip(&transition, settings: settings, at: now)
        case .reset: try reset(&transition, at: now)
        case .extend(let seconds): try extend(by: seconds, &transition, at: now)
        case .dismiss: try dismiss(&transition, at: now)
        case .endWorkout: try endWorkout(&transition, at: now)
        }
        return transition
    }

    /// Completes every phase that ended by `now`, each at its own end time, starting the next
    /// one where auto-start says so. After a server restart this replays what happened meanwhile,
    /// but at most one Pomodoro cycle: nobody was there to work through hours of auto-started
    /// sessions, so after that the timer waits.
    public func advance(_ state: TimerState, to now: Date, settings: FocusSettings) -> TimerTransition {
        var transition = TimerTransition(state: state)
        let catchUpLimit = 2 * settings.sessionsUntilLongBreak
        var completed = 0
        while let due = transition.state.dueAt, due <= now {
            if transition.state.phase == .alarm {
                try? dismiss(&transition, at: due)
                continue
            }
            completed += 1
            var phaseSettings = settings
            if completed >= catchUpLimit {
                phaseSettings.autoStartBreaks = false
                phaseSettings.autoStartFocus = false
            }
            complete(&transition, at: due, skipped: false, settings: phaseSettings)
        }
        return transition
    }

    /// Ends the current phase at `time`, records it, and moves on as its mode says.
    func complete(_ transition: inout TimerTransition, at time: Date, skipped: Bool, settings: FocusSettings) {
        guard let run = transition.state.run else { return }
        let phase = transition.state.phase
        let session = FocusSession(
            id: ids.next(), kind: phase, startedAt: run.startedAt, endedAt: time, plannedSeconds: run.plannedSeconds,
            actualSeconds: Int(run.elapsed(at: time).rounded()), skipped: skipped, label: run.label
        )
        transition.state.run = nil
        transition.events.append(TimerEvent(.phaseCompleted, at: time, phase: phase, session: session))
        switch phase {
        case .focus, .shortBreak, .longBreak:
            moveOnFromPomodoro(phase, &transition, at: time, skipped: skipped, settings: settings)
        case .countdown:
            ring(&transition, at: time)
        case .rest:
            countRest(session, in: &transition, endingAt: time)
            ring(&transition, at: time)
        case .idle, .alarm:
            transition.state.phase = .idle
        }
    }

    /// Starts `phase` at `time` with a snapshot of `settings`.
    func begin(_ phase: TimerPhase, mode: FocusMode, seconds: Int, label: String? = nil,
               _ transition: inout TimerTransition, settings: FocusSettings, at time: Date) {
        transition.state.mode = mode
        transition.state.phase = phase
        transition.state.settings = settings
        transition.state.alarmSince = nil
        transition.state.run = PhaseRun(startedAt: time, seconds: seconds, label: label)
        transition.events.append(TimerEvent(.phaseStarted, at: time, phase: phase))
    }

    func ring(_ transition: inout TimerTransition, at time: Date) {
        transition.state.phase = .alarm
        transition.state.alarmSince = time
        transition.events.append(TimerEvent(.alarm, at: time, phase: .alarm))
    }

    /// Throws unless the timer is idle (nothing running, no alarm).
    func requireIdle(for command: TimerCommand, _ state: TimerState) throws(FocusError) {
        guard state.phase == .idle else { throw notAllowed(command, state) }
    }

    func notAllowed(_ command: TimerCommand, _ state: TimerState) -> FocusError {
        .notAllowed(command: command.name, state: Self.describe(state))
    }

    /// The state in words, for error messages.
    static func describe(_ state: TimerState) -> String {
        switch state.phase {
        case .idle: "idle"
        case .alarm: "ringing"
        default: (state.isPaused ? "paused in " : "running ") + "a \(state.phase.title.lowercased())"
        }
    }

    func today(at time: Date) -> Int { LocalDay.number(of: time, in: timeZone) }
}
