import Foundation

/// What a person (or the CLI, or a Shortcut) asks the timer to do.
public enum TimerCommand: Sendable, Equatable {
    case startFocus(label: String?)
    /// A long break when the cycle is due, else a short one.
    case startBreak
    case startCountdown(TimeOfDay)
    /// A rest of `seconds`, or of the rest setting when nil.
    case startRest(seconds: Int?)
    case pause
    case resume
    /// End the phase now and move on; the session is recorded as skipped.
    case skip
    /// Back to idle; the Pomodoro cycle starts over.
    case reset
    /// Add seconds to the phase (a negative number shortens a rest, by at most what is left).
    case extend(seconds: Int)
    /// Stop the alarm.
    case dismiss
    /// Close the gym workout and report its summary.
    case endWorkout

    /// The command's name in messages and the API.
    public var name: String {
        switch self {
        case .startFocus: "start focus"
        case .startBreak: "start a break"
        case .startCountdown: "start a countdown"
        case .startRest: "start a rest"
        case .pause: "pause"
        case .resume: "resume"
        case .skip: "skip"
        case .reset: "reset"
        case .extend: "extend"
        case .dismiss: "dismiss"
        case .endWorkout: "end the workout"
        }
    }
}

/// A finished phase, as kept in the history.
public struct FocusSession: Sendable, Codable, Equatable, Identifiable {
    public var id: UUID
    /// The phase it was: focus, shortBreak, longBreak, countdown or rest.
    public var kind: TimerPhase
    public var startedAt: Date
    public var endedAt: Date
    public var plannedSeconds: Int
    /// Running time, pauses excluded.
    public var actualSeconds: Int
    public var skipped: Bool
    public var label: String?

    public init(id: UUID, kind: TimerPhase, startedAt: Date, endedAt: Date, plannedSeconds: Int, actualSeconds: Int,
                skipped: Bool, label: String?) {
        self.id = id
        self.kind = kind
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.plannedSeconds = plannedSeconds
        self.actualSeconds = actualSeconds
        self.skipped = skipped
        self.label = label
    }
}

/// A closed workout, as kept in the history.
public struct WorkoutSummary: Sendable, Codable, Equatable {
    public var id: UUID
    public var startedAt: Date
    public var endedAt: Date
    public var rests: Int
    public var restSeconds: Int

    /// Workout length in whole seconds.
    public var seconds: Int { Int(endedAt.timeIntervalSince(startedAt).rounded()) }
}

/// Something that happened to a timer; published to the user's devices and webhooks.
public struct TimerEvent: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case phaseStarted, phaseCompleted, paused, resumed, reset, extended, alarm, dismissed, workoutEnded
    }

    public var kind: Kind
    public var at: Date
    /// The phase the event is about (the one started, completed, paused, ...).
    public var phase: TimerPhase
    public var session: FocusSession?
    public var workout: WorkoutSummary?

    public init(_ kind: Kind, at: Date, phase: TimerPhase, session: FocusSession? = nil, workout: WorkoutSummary? = nil) {
        self.kind = kind
        self.at = at
        self.phase = phase
        self.session = session
        self.workout = workout
    }
}

/// The result of a command or of time passing: the new state and what happened on the way.
public struct TimerTransition: Sendable, Equatable {
    public var state: TimerState
    public var events: [TimerEvent] = []

    /// Sessions to record, in order.
    public var sessions: [FocusSession] { events.compactMap { $0.kind == .phaseCompleted ? $0.session : nil } }
    /// Workouts to record.
    public var workouts: [WorkoutSummary] { events.compactMap(\.workout) }
}
