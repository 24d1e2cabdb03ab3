import Logging
import PostgresKit

extension Database {
    /// The PostgreSQL channel migration 13's triggers notify when users, sessions or tokens change.
    static let credentialChannel = "hearth_credentials"

    /// Keeps ``credentialCache`` in step with a PostgreSQL database shared by several servers, until
    /// the task is cancelled: a connection of its own listens on ``credentialChannel`` and clears
    /// the cache on every notification. The cache is on only while that connection listens; a lost
    /// connection turns it off and is opened again a second later. (On SQLite there is nothing to
    /// watch: this returns at once.)
    public func watchCredentials(logger: Logger) async {
        guard case .postgres(let url) = location, let configuration = try? SQLPostgresConfiguration(url: url) else { return }
        let cache = credentialCache
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration.coreConfiguration, id: 0, logger: logger)
                do {
                    try await connection.listen(on: Self.credentialChannel) { notifications in
                        cache.enable()
                        for try await _ in notifications { cache.clear() }
                    }
                } catch where !Task.isCancelled {
                    logger.warning("Stopped listening for credential changes: \(String(reflecting: error))")
                }
                cache.disable()
                try? await connection.close()
            } catch where !Task.isCancelled {
                cache.disable()
                logger.warning("Cannot listen for credential changes: \(String(reflecting: error))")
            } catch {}
            try? await Task.sleep(for: .seconds(1))
        }
        cache.disable()
    }
}
