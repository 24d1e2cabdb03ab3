import Foundation
import HearthCore
import Metrics

/// One server-sent event: a name and a JSON payload.
struct ServerEvent: Sendable, Equatable {
    let name: String
    let data: String

    /// The first event of every stream: from here on, no event is missed.
    static let ready = ServerEvent(name: "ready", data: "{}")

    /// The event in the `text/event-stream` wire format.
    var wireFormat: String { "event: \(name)\ndata: \(data)\n\n" }
}

/// Fans events out to the open event streams of a user (their timer) or of a household (shared lists).
actor EventHub {
    private struct Subscriber {
        let userId: UUID
        let householdId: UUID
        let continuation: AsyncStream<ServerEvent>.Continuation
    }

    private var subscribers: [UUID: Subscriber] = [:] {
        didSet { openStreams.record(subscribers.count) }
    }
    /// Open event streams, in /metrics: it falls back to zero when clients leave, also without closing.
    private let openStreams = Gauge(label: "hearth_event_streams")

    /// A stream of the events for `user`, until the consumer stops listening.
    func subscribe(_ user: User) -> AsyncStream<ServerEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: ServerEvent.self, bufferingPolicy: .bufferingNewest(256))
        subscribers[id] = Subscriber(userId: user.id, householdId: user.householdId, continuation: continuation)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    func publish(_ event: ServerEvent, toUser userId: UUID) {
        for subscriber in subscribers.values where subscriber.userId == userId {
            subscriber.continuation.yield(event)
        }
    }

    /// For household-wide changes (shared lists); the Lists area publishes through it.
    func publish(_ event: ServerEvent, toHousehold householdId: UUID) {
        for subscriber in subscribers.values where subscriber.householdId == householdId {
            subscriber.continuation.yield(event)
        }
    }

    /// Ends the user's streams, after they moved to another household or were deleted: their
    /// clients reconnect and from then on follow the household they are in now (or are refused).
    func endStreams(ofUser userId: UUID) {
        for (id, subscriber) in subscribers where subscriber.userId == userId {
            subscriber.continuation.finish()
            subscribers[id] = nil
        }
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }
}
