/// The three timers a user can run; only one runs at a time.
public enum FocusMode: String, Sendable, Codable, CaseIterable {
    case pomodoro, countdown, rest
}

/// What the timer is doing. The raw values are the API's words, also used as a session's `kind`.
public enum TimerPhase: String, Sendable, Codable, CaseIterable {
    case idle, focus, shortBreak, longBreak, countdown, rest
    /// Time is up (a countdown or a rest ended) until dismissed.
    case alarm

    /// Phases that count time down toward `endsAt`.
    public var isTimed: Bool {
        switch self {
        case .focus, .shortBreak, .longBreak, .countdown, .rest: true
        case .idle, .alarm: false
        }
    }

    /// Name shown to people.
    public var title: String {
        switch self {
        case .idle: "Ready"
        case .focus: "Focus"
        case .shortBreak: "Short Break"
        case .longBreak: "Long Break"
        case .countdown: "Countdown"
        case .rest: "Rest"
        case .alarm: "Time's up"
        }
    }
}
