import Foundation
import HearthCore
import Metrics
import NIOConcurrencyHelpers

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

    private let subscribers = NIOLockedValueBox<[UUID: Subscriber]>([:])
    /// Open event streams, in /metrics: it falls back to zero when clients leave, also without closing.
    private let openStreams = Gauge(label: "hearth_event_streams")

    /// The events for `user` from now on, until the stream ends or is ended.
    func subscribe(_ user: User) -> AsyncStream<LoggedEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: LoggedEvent.self, bufferingPolicy: .bufferingOldest(Self.buffer))
        let count = subscribers.withLockedValue { subscribers in
            subscribers[id] = Subscriber(userId: user.id, householdId: user.householdId, continuation: continuation)
            return subscribers.count
        }
        openStreams.record(count)
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Brings an event to every stream it is for; ``ServerEvent/endStreams`` ends them instead.
    /// The streams are given the event after the lock is let go: yielding resumes the stream's
    /// task under that task's own lock, which a task being cancelled holds while its stream's
    /// `onTermination` waits for this lock (a server hung on that).
    func deliver(_ logged: LoggedEvent) {
        let reached = subscribers.withLockedValue { subscribers in
            subscribers.values.filter { logged.scope.reaches(userId: $0.userId, householdId: $0.householdId) }.map(\.continuation)
        }
        for continuation in reached {
            // A stream that ends (or whose client reads too slowly) is removed by its `onTermination`.
            if !logged.event.isSent {
                continuation.finish()
            } else if case .dropped = continuation.yield(logged) {
                continuation.finish()
            }
        }
    }

    /// Ends every stream: their clients reconnect and catch up from the log (this server stopped
    /// hearing events for a while).
    func endAll() {
        let all = subscribers.withLockedValue { subscribers in
            defer { subscribers.removeAll() }
            return subscribers.values.map(\.continuation)
        }
        for continuation in all { continuation.finish() }
        openStreams.record(0)
    }

    private func remove(_ id: UUID) {
        let count = subscribers.withLockedValue { subscribers in
            subscribers[id] = nil
            return subscribers.count
        }
        openStreams.record(count)
    }
}
