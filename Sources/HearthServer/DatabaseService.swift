import HearthStore
import Logging
import ServiceLifecycle

/// Keeps the database for the life of the server: purges expired sessions, old webhook
/// deliveries and lists deleted 30 days ago hourly, and closes the connections once the server has shut down gracefully.
struct DatabaseService: Service {
    let database: Database
    let credentials: CredentialStore
    let webhooks: WebhookStore
    let lists: ListStore
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await credentials.purgeExpiredSessions()
                    try await webhooks.pruneLog()
                    try await lists.purgeExpired()
                } catch {
                    logger.warning("Could not purge expired sessions, deliveries or lists: \(error)")
                }
                try await Task.sleep(for: .seconds(3600))
            }
        }
        try await database.close()
    }
}
