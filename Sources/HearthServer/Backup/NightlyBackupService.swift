import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Makes the nightly backups: every hour it backs up the households that keep backups and have
/// none from the last 23 hours, so each gets one a day, and a server that was down catches up.
/// In a cluster, one server at a time looks (``ClusterJob``).
struct NightlyBackupService: Service {
    let backups: HouseholdBackups
    let database: Database
    let locks: SessionLocks?
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await database.run(.nightlyBackups, every: 3600, now: clock.now, locks: locks) { try await makeDueBackups() }
                } catch {
                    logger.warning("Could not look for nightly backups to make: \(error)")
                }
                try await Task.sleep(for: .seconds(3600))
            }
        }
    }

    private func makeDueBackups() async throws {
        for household in try await backups.inventory.householdsDueForBackup() {
            do {
                let kept = try await backups.makeKept(householdId: household.id, keep: household.kept)
                logger.info("Nightly backup made", metadata: ["household": "\(household.id)", "file": "\(kept.name)", "bytes": "\(kept.byteSize)"])
            } catch {
                logger.error("A nightly backup failed", metadata: ["household": "\(household.id)", "error": "\(error)"])
            }
        }
    }
}
