import Foundation

/// How a timer's time reads everywhere (web page, history, CLI): "25:00", or "1:05:00" from an hour.
public enum ClockText {
    public static func format(seconds: Int) -> String {
        let seconds = max(0, seconds)
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%02d:%02d", minutes, rest)
    }
}
