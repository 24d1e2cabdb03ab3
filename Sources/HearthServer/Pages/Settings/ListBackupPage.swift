import Foundation
import HearthCore

/// The Lists backup page: the connection, how the last backup went, and the gist's revisions.
struct ListBackupPage: Sendable {
    struct Connection: Sendable {
        let login: String
        let gistId: String?
        let backedUp: String?
        let error: String?
        let stopped: Bool
        let waitUntil: String?
        let schedules: [Choice]
    }

    struct Choice: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct Revision: Sendable {
        let version: String
        let committed: String
        let summary: String
        /// Hearth's own: opened with a passphrase.
        let encrypted: Bool
        let readable: Bool
    }

    let layout: Layout
    let connection: Connection?
    let error: String?
    /// The gist whose revisions are shown, when it is not the backup's own.
    let otherGist: String?
    let newSchedules: [Choice]
    var gistId: String?
    var revisions: [Revision] = []
    var revisionsNote: String?

    init(layout: Layout, backup: ListGistBackup?, error: String?, timeZone: String, otherGist: String?) {
        self.layout = layout
        self.error = error
        self.otherGist = otherGist
        newSchedules = Self.choices(selected: .changes)
        connection = backup.map { backup in
            Connection(login: backup.login, gistId: backup.gistId, backedUp: backup.backedUpAt.map { DisplayFormat.dateTime($0, timeZone: timeZone) },
                       error: backup.error, stopped: backup.stopped,
                       waitUntil: backup.waitUntil.map { DisplayFormat.dateTime($0, timeZone: timeZone) }, schedules: Self.choices(selected: backup.schedule))
        }
    }

    mutating func showRevisions(gistId: String, _ revisions: [ListGistBackups.Revision], timeZone: String) {
        self.gistId = gistId
        self.revisions = revisions.map { revision in
            let summary = revision.counts.map { counts in
                [counts.lists.counted(.list), "\(counts.deletedLists) deleted", counts.items.counted(.item)]
                    .joined(separator: " · ")
            } ?? "no lists backup Hearth can read"
            let origin = revision.kind == .original ? " (the original app's)" : ""
            return Revision(version: revision.version, committed: DisplayFormat.dateTime(revision.committedAt, timeZone: timeZone),
                            summary: summary + origin, encrypted: revision.kind == .hearth, readable: revision.kind != .unknown)
        }
        if revisions.isEmpty { revisionsNote = "This gist has no revisions." }
    }

    static func choices(selected: ListGistBackup.Schedule) -> [Choice] {
        [(ListGistBackup.Schedule.changes, "After the lists change (at most every 10 minutes)"), (.nightly, "Once a night, when they changed"),
         (.manual, "Only when I press Back up now")].map { Choice(value: $0.0.rawValue, label: $0.1, selected: $0.0 == selected) }
    }
}
