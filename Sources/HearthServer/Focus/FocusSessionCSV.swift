import Foundation
import HearthCore
import HearthReports

/// The history as CSV (RFC 4180), times in the user's time zone.
enum FocusSessionCSV {
    static let header = ["id", "kind", "started_at", "ended_at", "planned_seconds", "actual_seconds", "skipped", "label"]

    static func render(_ sessions: [FocusSession], timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        let rows = sessions.map { session in
            [session.id.text, session.kind.rawValue, formatter.string(from: session.startedAt),
             formatter.string(from: session.endedAt), String(session.plannedSeconds), String(session.actualSeconds),
             session.skipped ? "true" : "false", session.label ?? ""]
        }
        return CSVTable.render(header: header, rows: rows)
    }
}
