import Foundation

/// The stored timer, as a command that may have been made a while ago needs it.
public struct TimerRecord: Sendable, Equatable {
    public var state: TimerState
    /// The time up to which `state` is worked out and its sessions recorded (the last write).
    public var recordedUntil: Date
    /// The state right after the last command, and that command's time: what happened after it
    /// happened by itself (phases ending, alarms), so it can be worked out again. Nil for a timer
    /// last changed by a release that did not keep it.
    public var commandState: TimerState?
    public var commandAt: Date?

    public init(state: TimerState, recordedUntil: Date, commandState: TimerState? = nil, commandAt: Date? = nil) {
        self.state = state
        self.recordedUntil = recordedUntil
        self.commandState = commandState
        self.commandAt = commandAt
    }
}

/// What a command does to the stored timer.
public struct TimerChange: Sendable, Equatable {
    /// From the command's time to now: the new state and the events to record and publish.
    public var transition: TimerTransition
    /// The state right after the command, and the time it was applied at (the next record's command state).
    public var commandState: TimerState
    public var commandAt: Date
    /// Recorded sessions and workouts that ended after this time were worked out without this
    /// command (it was made before they ended and sent later): they are replaced by the transition's.
    public var replacesAfter: Date?
}

extension TimerTransition {
    /// How old an event may be and still be news worth a notification.
    public static let newsWindow: TimeInterval = 60

    /// The transition with only the events of the last minute before `now`: those of a command
    /// sent late that happened long ago are history (recorded and shown), not news (pushed).
    public func news(at now: Date) -> TimerTransition {
        TimerTransition(state: state, events: events.filter { $0.at >= now - Self.newsWindow })
    }
}

extension TimerEngine {
    /// How far back a command sent late is applied at most.
    public static let lateCommandLimit: TimeInterval = 24 * 3600

    /// Applies `command` as made at `madeAt` (nil: now), however late it arrives: a page without a
    /// connection (a gym with no signal) sends its taps when the connection is back, and the timer
    /// and its history come out as if they had arrived at once. What the timer did by itself since
    /// the last command is worked out again from that command's state with this command in its
    /// place. A command is applied no earlier than the last command (commands keep their order
    /// across devices), no earlier than a day ago, and never in the future (a clock that runs ahead).
    public func handle(
        _ command: TimerCommand, to record: TimerRecord, settings: FocusSettings, madeAt: Date?, now: Date
    ) throws(FocusError) -> TimerChange {
        let earliest = max(record.commandAt ?? record.recordedUntil, now - Self.lateCommandLimit)
        let at = min(max(madeAt ?? now, earliest), now)
        guard at < record.recordedUntil, let base = record.commandState else {
            // Nothing is recorded after the command's time (or nothing can be worked out again): from the stored state.
            let at = min(max(at, record.recordedUntil), now)
            return try applying(command, to: record.state, settings: settings, at: at, now: now, replacesAfter: nil)
        }
        let rewound = advance(base, to: at, settings: settings).state
        return try applying(command, to: rewound, settings: settings, at: at, now: now, replacesAfter: at)
    }

    private func applying(
        _ command: TimerCommand, to state: TimerState, settings: FocusSettings, at: Date, now: Date, replacesAfter: Date?
    ) throws(FocusError) -> TimerChange {
        var transition = try handle(command, to: state, settings: settings, at: at)
        let commandState = transition.state
        let later = advance(commandState, to: now, settings: settings)
        transition.state = later.state
        transition.events += later.events
        return TimerChange(transition: transition, commandState: commandState, commandAt: at, replacesAfter: replacesAfter)
    }
}
