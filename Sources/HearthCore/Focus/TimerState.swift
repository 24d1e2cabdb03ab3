import Foundation

/// One user's timer: everything needed to show it anywhere and to finish it on time.
/// Remaining time is always derived from `endsAt` and a clock; nothing counts ticks.
public struct TimerState: Sendable, Codable, Equatable {
    public var mode: FocusMode = .pomodoro
    public var phase: TimerPhase = .idle
    /// The phase in progress (nil when idle or in alarm).
    public var run: PhaseRun?
    /// Completed focus sessions since the last long break.
    public var cyclePosition = 0
    /// Completed focus sessions on `completedDay` (a ``LocalDay`` number in the user's time zone).
    public var completedToday = 0
    public var completedDay = 0
    /// Settings snapshot of the current phase (the user's settings may change meanwhile).
    public var settings = FocusSettings()
    /// What the latest focus session was for; auto-started focus sessions carry it on.
    public var focusLabel: String?
    /// The countdown's time of day, kept after it ends so it can be started again.
    public var countdownTarget: TimeOfDay?
    /// When the alarm began ringing (phase `alarm`).
    public var alarmSince: Date?
    /// The open gym workout, from its first rest until "end workout".
    public var workout: Workout?

    public init() {}

    public var isPaused: Bool { run.map { $0.endsAt == nil } ?? false }

    /// Seconds left in the phase at `now`, rounded up (0 when nothing runs).
    public func remainingSeconds(at now: Date) -> Int {
        guard let run else { return 0 }
        return Int(max(0, run.remaining(at: now)).rounded(.up))
    }

    /// Completed focus sessions today (the stored count belongs to an earlier day after midnight).
    public func completedFocusSessions(today: Int) -> Int {
        completedDay == today ? completedToday : 0
    }

    /// When the scheduler must look at this timer next: the phase end, or the alarm's auto-dismissal.
    public var dueAt: Date? {
        if let endsAt = run?.endsAt { return endsAt }
        if phase == .alarm, let alarmSince { return alarmSince + TimerEngine.alarmAutoDismiss }
        return nil
    }
}

/// A running or paused phase.
public struct PhaseRun: Sendable, Codable, Equatable {
    /// When the phase first started (resumes do not move it).
    public var startedAt: Date
    /// Length the phase was planned with, including extensions.
    public var plannedSeconds: Int
    /// Set while running; nil while paused.
    public var endsAt: Date?
    /// Time left, kept while paused.
    public var pausedRemaining: TimeInterval?
    /// Since when the phase has been running without a pause.
    public var runningSince: Date?
    /// Running time before the last pause.
    public var elapsedBeforePause: TimeInterval = 0
    public var label: String?

    init(startedAt: Date, seconds: Int, label: String? = nil) {
        self.startedAt = startedAt
        self.plannedSeconds = seconds
        self.endsAt = startedAt + TimeInterval(seconds)
        self.runningSince = startedAt
        self.label = label
    }

    func remaining(at now: Date) -> TimeInterval {
        if let endsAt { return endsAt.timeIntervalSince(now) }
        return pausedRemaining ?? 0
    }

    /// Running time (pauses excluded) up to `now`, or up to the end if it has passed.
    func elapsed(at now: Date) -> TimeInterval {
        guard let runningSince else { return elapsedBeforePause }
        let until = endsAt.map { min($0, now) } ?? now
        return elapsedBeforePause + max(0, until.timeIntervalSince(runningSince))
    }
}

/// A time of day, "HH:MM", for the countdown.
public struct TimeOfDay: Sendable, Codable, Equatable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) throws(FocusError) {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw .invalidTarget(String(format: "%02d:%02d", hour, minute))
        }
        self.hour = hour
        self.minute = minute
    }

    /// Parses "HH:MM" (also "H:MM").
    public init(parsing text: String) throws(FocusError) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
              let hour = Int(parts[0]), let minute = Int(parts[1])
        else { throw .invalidTarget(text) }
        do { try self.init(hour: hour, minute: minute) } catch { throw .invalidTarget(text) }
    }

    public var description: String { String(format: "%02d:%02d", hour, minute) }

    /// The next moment this time of day occurs after `now` in `timeZone` (tomorrow when it is now
    /// or has passed today). A time skipped by a daylight-saving change falls to the next valid
    /// time; a time that happens twice (autumn) means the first of the two.
    public func nextOccurrence(after now: Date, in timeZone: TimeZone) throws(FocusError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(hour: hour, minute: minute, second: 0)
        guard let date = calendar.nextDate(after: now, matching: components, matchingPolicy: .nextTime,
                                           repeatedTimePolicy: .first, direction: .forward)
        else { throw .invalidTarget(description) }
        return date
    }
}

/// A gym workout: the rests taken between sets.
public struct Workout: Sendable, Codable, Equatable {
    public var startedAt: Date
    public var rests = 0
    public var restSeconds = 0
    /// When the latest rest ended or was stopped.
    public var lastRestEndedAt: Date?

    public init(startedAt: Date) {
        self.startedAt = startedAt
    }
}
