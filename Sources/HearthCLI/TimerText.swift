import Foundation
import HearthAPI
import HearthCore

/// How the terminal shows the timer.
enum TimerText {
    static func phaseTitle(_ state: Components.Schemas.TimerState) -> String {
        switch state.phase {
        case .idle: state.mode == .pomodoro && state.longBreakDue ? "Idle (long break due)" : "Idle"
        case .focus: "Focus"
        case .shortBreak: "Short break"
        case .longBreak: "Long break"
        case .countdown: "Countdown" + (state.target.map { " to \($0)" } ?? "")
        case .rest: "Rest"
        case .alarm: "Time's up"
        }
    }

    /// What a finished session was, as the phase it ended.
    static func title(of kind: Components.Schemas.SessionKind) -> String {
        switch kind {
        case .focus: "Focus"
        case .shortBreak: "Short break"
        case .longBreak: "Long break"
        case .countdown: "Countdown"
        case .rest: "Rest"
        }
    }

    static func clock(_ seconds: Int) -> String { ClockText.format(seconds: seconds) }

    /// A few lines: phase, time left and end, cycle and today's count.
    static func status(_ state: Components.Schemas.TimerState) -> String {
        var first = phaseTitle(state)
        if state.phase != .idle && state.phase != .alarm {
            first += " · \(clock(state.remainingSeconds)) left"
            if state.paused {
                first += " (paused)"
            } else if let endsAt = state.endsAt {
                first += " (ends \(endsAt.formatted(date: .omitted, time: .shortened)))"
            }
        }
        if let label = state.label { first += " · \(label)" }
        var lines = [first]
        if state.mode == .pomodoro {
            let dots = String(repeating: "●", count: min(state.cyclePosition, state.sessionsUntilLongBreak))
                + String(repeating: "○", count: max(0, state.sessionsUntilLongBreak - state.cyclePosition))
            lines.append("Cycle \(dots) · \(state.completedToday) completed today")
        }
        if let workout = state.workout {
            lines.append("Workout: \(workout.rests) rests, \(clock(workout.restSeconds)) resting")
        }
        return lines.joined(separator: "\n")
    }

    /// One terminal line: a bar, the time left and the phase.
    static func progressLine(_ state: Components.Schemas.TimerState, remaining: Int, width: Int = 30) -> String {
        let total = max(state.plannedSeconds, 1)
        let remaining = min(max(remaining, 0), total)
        let done = state.phase == .idle || state.phase == .alarm ? width : width * (total - remaining) / total
        let bar = String(repeating: "█", count: done) + String(repeating: "░", count: width - done)
        let time = state.phase == .idle ? "--:--" : clock(remaining)
        return "\(bar) \(time) \(phaseTitle(state))\(state.paused ? " (paused)" : "")"
    }
}
