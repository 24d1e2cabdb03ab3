import HearthStore
import Logging
import ServiceLifecycle

/// On PostgreSQL, brings the events of every server of the cluster to this server's streams for
/// the life of the server, and forgets events once they are older than the log keeps them.
struct EventFollower: Service {
    let store: EventStore
    let subscribers: EventSubscribers
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    // Listening anew, this server may have missed events: its streams end, and
                    // their clients catch up from the log as they reconnect.
                    await store.follow(logger: logger, connected: { subscribers.endAll() },
                                       deliver: { subscribers.deliver(DatabaseEventLog.logged($0)) })
                }
                group.addTask { await purgeEveryMinute() }
            }
        }
    }

    private func purgeEveryMinute() async {
        while !Task.isCancelled {
            do {
                try await store.purge()
            } catch {
                logger.warning("Could not forget old events: \(error)")
            }
            try? await Task.sleep(for: .seconds(60))
        }
    }
}
