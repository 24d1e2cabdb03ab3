/// Why a timer command or a settings change was refused. Nothing changes when one is thrown.
public enum FocusError: Error, Equatable, Sendable {
    /// The command does not fit the timer's state (pause when idle): HTTP 409.
    case notAllowed(command: String, state: String)
    case invalidSetting(String, String)
    case invalidTarget(String)
    case invalidDuration(String)
    case invalidLabel(String)
    case sessionNotFound

    /// A sentence for the person who caused it.
    public var message: String {
        switch self {
        case .notAllowed(let command, let state): "Cannot \(command) while the timer is \(state)."
        case .invalidSetting(let name, let reason): "\(name) \(reason)."
        case .invalidTarget(let target): "“\(target)” is not a time of day; use HH:MM, e.g. 17:30."
        case .invalidDuration(let reason): "The duration \(reason)."
        case .invalidLabel(let reason): "The label \(reason)."
        case .sessionNotFound: "No such focus session."
        }
    }
}
