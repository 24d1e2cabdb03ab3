import Foundation
import HearthCore
import Metrics
import Synchronization

/// This server's open event streams, and the events on their way to each: a stream of a person
/// gets their own events (their timer) and their household's (shared lists, the inventory).
final class EventSubscribers: Sendable {
    private struct Subscriber {
        let userId: UUID
        let householdId: UUID
        let continuation: AsyncStream<LoggedEvent>.Continuation
    }

    /// Events a stream may have waiting; a client that reads slower than that is cut off and, as
    /// every client does, reconnects and catches up from the log.
    static let buffer = 1024

    private let subscribers = Mutex<[UUID: Subscriber]>([:])
    /// Open event streams, in /metrics: it falls back to zero when clients leave, also without closing.
    private let openStreams = Gauge(label: "hearth_event_streams")

    /// The events for `user` from now on, until the stream ends or is ended.
    func subscribe(_ user: User) -> AsyncStream<LoggedEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: LoggedEvent.self, bufferingPolicy: .bufferingOldest(Self.buffer))
        let count = subscribers.withLock { subscribers in
            subscribers[id] = Subscriber(userId: user.id, householdId: user.householdId, continuation: continuation)
            return subscribers.count
        }
        openStreams.record(count)
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Brings an event to every stream it is for; ``ServerEvent/endStreams`` ends them instead.
    func deliver(_ logged: LoggedEvent) {
        let ended = subscribers.withLock { subscribers in
            var ended: [AsyncStream<LoggedEvent>.Continuation] = []
            for (id, subscriber) in subscribers where logged.scope.reaches(userId: subscriber.userId, householdId: subscriber.householdId) {
                if !logged.event.isSent {
                    ended.append(subscriber.continuation)
                    subscribers[id] = nil
                } else if case .dropped = subscriber.continuation.yield(logged) {
                    ended.append(subscriber.continuation)
                    subscribers[id] = nil
                }
            }
            return ended
        }
        for continuation in ended { continuation.finish() }
    }

    /// Ends every stream: their clients reconnect and catch up from the log (this server stopped
    /// hearing events for a while).
    func endAll() {
        let all = subscribers.withLock { subscribers in
            defer { subscribers.removeAll() }
            return subscribers.values.map(\.continuation)
        }
        for continuation in all { continuation.finish() }
        openStreams.record(0)
    }

    private func remove(_ id: UUID) {
        let count = subscribers.withLock { subscribers in
            subscribers[id] = nil
            return subscribers.count
        }
        openStreams.record(count)
    }
}
