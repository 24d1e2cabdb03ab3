import Foundation
import HearthCore

/// The history as CSV (RFC 4180), times in the user's time zone.
enum FocusSessionCSV {
    static let header = "id,kind,started_at,ended_at,planned_seconds,actual_seconds,skipped,label"

    static func render(_ sessions: [FocusSession], timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        let rows = sessions.map { session in
            [session.id.uuidString, session.kind.rawValue, formatter.string(from: session.startedAt),
             formatter.string(from: session.endedAt), String(session.plannedSeconds), String(session.actualSeconds),
             session.skipped ? "true" : "false", session.label ?? ""].map(field).joined(separator: ",")
        }
        return ([header] + rows).joined(separator: "\r\n") + "\r\n"
    }

    /// Quotes a field when it holds a comma, quote or line break; a leading =, +, -, @, tab or
    /// carriage return is prefixed with ' so spreadsheets do not run it as a formula.
    static func field(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { ",\"\r\n".contains($0) }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
