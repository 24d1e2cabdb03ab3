import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Makes the lists' Gist backups their schedules ask for: every two minutes it looks for the
/// backups due (``ListGistStore/due()``) and sends those whose lists changed since the last one.
/// In a cluster, one server at a time looks (``ClusterJob``).
struct ListGistBackupService: Service {
    let gists: ListGistBackups
    let database: Database
    let locks: SessionLocks?
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await database.run(.listGistBackups, every: 120, now: gists.clock.now, locks: locks) { try await backUpDue() }
                } catch {
                    logger.warning("Could not look for lists' Gist backups to make: \(error)")
                }
                try await Task.sleep(for: .seconds(120))
            }
        }
    }

    private func backUpDue() async throws {
        for due in try await gists.store.due() {
            do {
                try await gists.backUp(accountId: due.backup.accountId, householdId: due.backup.householdId, onlyWhenChanged: true)
            } catch {
                // Recorded on the backup for its page; the log says which, never the token.
                logger.warning("A lists' Gist backup failed", metadata: ["account": "\(due.backup.accountId)", "error": "\(error)"])
            }
        }
    }
}
