import Logging
import PostgresKit

extension Database {
    /// The PostgreSQL channels that triggers notify, and the cache each notification clears:
    /// `hearth_credentials` when users, sessions or tokens change (migration 13),
    /// `hearth_lists` when lists or their items change and `hearth_focus` when timers or Focus
    /// settings do (migration 14).
    var watchedCaches: [(channel: String, cache: any WatchedCache)] {
        [("hearth_credentials", credentialCache), ("hearth_lists", listPages), ("hearth_focus", timers)]
    }

    /// Keeps the caches (``credentialCache``, ``listPages``, ``timers``) in step with a PostgreSQL database
    /// shared by several servers, until the task is cancelled: a connection of its own listens on
    /// every channel of ``watchedCaches`` and clears the channel's cache on every notification. A
    /// cache is on only while its channel is listened to; a lost connection turns them all off and
    /// is opened again a second later. (On SQLite there is nothing to watch: this returns at once.)
    public func watchChanges(logger: Logger) async {
        guard case .postgres(let url) = location, let configuration = try? SQLPostgresConfiguration(url: url) else { return }
        let watched = watchedCaches
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration.coreConfiguration, id: 0, logger: logger)
                do {
                    try await withThrowingTaskGroup { group in
                        for (channel, cache) in watched {
                            group.addTask {
                                try await connection.listen(on: channel) { notifications in
                                    cache.enable()
                                    for try await _ in notifications { cache.clear() }
                                }
                            }
                        }
                        // One channel's end (the connection was lost) ends them all.
                        try await group.next()
                        group.cancelAll()
                    }
                } catch where !Task.isCancelled {
                    logger.warning("Stopped listening for changes: \(String(reflecting: error))")
                }
                for (_, cache) in watched { cache.disable() }
                try? await connection.close()
            } catch where !Task.isCancelled {
                for (_, cache) in watched { cache.disable() }
                logger.warning("Cannot listen for changes: \(String(reflecting: error))")
            } catch {}
            try? await Task.sleep(for: .seconds(1))
        }
        for (_, cache) in watched { cache.disable() }
    }
}

/// A cache that `Database.watchChanges` turns on, clears and turns off.
protocol WatchedCache: Sendable {
    var isEnabled: Bool { get }
    func enable()
    func disable()
    func clear()
}

extension ReadCache: WatchedCache {}
