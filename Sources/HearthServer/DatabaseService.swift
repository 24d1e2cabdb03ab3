import Foundation
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Keeps the database for the life of the server: purges expired sessions, old sign-in attempts
/// (PostgreSQL), old webhook deliveries, and lists and inventory items deleted 30 days ago (with the photo files only they
/// used) hourly, and stamps the sync feed's changes and forgets its old deletions
/// (``SyncStore/sweep(now:)``), once per cluster (``ClusterJob``); sweeps the media files crashes left (at start-up
/// and with the hourly purge, ``MediaLibrary/sweep(now:logger:)``); and closes the connections once
/// the server has shut down gracefully.
struct DatabaseService: Service {
    let database: Database
    let locks: SessionLocks?
    let credentials: CredentialStore
    let webhooks: WebhookStore
    let lists: ListStore
    let inventory: InventoryStore
    let media: MediaLibrary
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await media.sweep(now: clock.now, logger: logger)
            await purgeHourly()
        }
        // The services that use them stop first (in the reverse order they were added).
        await locks?.close()
        try await database.close()
    }

    private func purgeHourly() async {
        while !Task.isCancelled {
            do {
                let now = clock.now
                try await database.run(.purge, every: 3600, now: now, locks: locks) { [database, credentials, webhooks, lists, inventory, media, logger] in
                    try await credentials.purgeExpiredSessions()
                    try await credentials.purgeExpiredPasswordResets()
                    if database.kind == .postgres { try await AttemptStore(database: database).purge(before: now - AttemptThrottle.hour, now: now) }
                    try await webhooks.pruneLog()
                    try await lists.purgeExpired()
                    await media.removeUnreferenced(try await inventory.purgeExpired())
                    await media.sweep(now: now, logger: logger)
                    try await SyncStore(database: database).sweep(now: now)
                }
            } catch {
                logger.warning("Could not purge expired sessions, deliveries, lists or items, or sweep the sync feed: \(error)")
            }
            try? await Task.sleep(for: .seconds(3600))
        }
    }
}
