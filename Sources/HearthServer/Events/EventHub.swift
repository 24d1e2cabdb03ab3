import Foundation
import HearthCore
import HearthStore
import Logging
import SQLKit

/// Events for the open pages of a person (their timer, their reports) and of a household (shared
/// lists, the inventory): kept in a log for a while (``EventLog``) and brought to every stream
/// they are for, on every server of a cluster.
struct EventHub: Sendable {
    let log: any EventLog
    let subscribers: EventSubscribers
    let logger: Logger

    /// The hub for `database`: events in memory for one server on SQLite, in the database for a
    /// cluster on PostgreSQL (which also needs an ``EventFollower`` running).
    static func make(database: Database, clock: any WallClock, logger: Logger) -> EventHub {
        let subscribers = EventSubscribers()
        let log: any EventLog = switch database.kind {
        case .sqlite: MemoryEventLog(subscribers: subscribers, clock: clock)
        case .postgres: DatabaseEventLog(store: EventStore(database: database, clock: clock))
        }
        return EventHub(log: log, subscribers: subscribers, logger: logger)
    }

    /// Records and sends an event, once the change it tells of is saved. The change is not undone
    /// when its event cannot be recorded (the database stopped answering): the failure is logged.
    func publish(_ event: ServerEvent, to scope: EventScope) async {
        do {
            try await log.append(event, to: scope)
        } catch {
            logger.error("An event could not be recorded", metadata: ["event": "\(event.name)", "error": "\(error)"])
        }
    }

    /// Records a change's events in its own transaction (`db`) where the log is the database, so
    /// they exist exactly when the change does and in its commit order; answers those left to
    /// ``publish(_:to:)`` once the change is saved (where the log is in memory).
    func record(_ events: [ServerEvent], to scope: EventScope, within db: any SQLDatabase) async throws -> [ServerEvent] {
        var later: [ServerEvent] = []
        for event in events {
            if try await !log.append(event, to: scope, within: db) { later.append(event) }
        }
        return later
    }

    /// Ends the person's open streams on every server, after they left `householdId` or were
    /// removed from it: their clients reconnect and from then on follow the household they are in
    /// now (or are refused). This server's end at once, the others' as they hear it.
    func endStreams(ofUser userId: UUID, in householdId: UUID) async {
        let scope = EventScope(householdId: householdId, userId: userId)
        subscribers.deliver(LoggedEvent(seq: 0, scope: scope, event: .endStreams))
        await publish(.endStreams, to: scope)
    }

    /// A stream for `user`: first what they missed since `lastEventId` (or `reset` when that is no
    /// longer kept), then `ready`, then every new event for them.
    func subscribe(_ user: User, lastEventId: String?) async throws -> EventSubscription {
        // Live events first, so none falls between what the log answers and the stream.
        let live = subscribers.subscribe(user)
        let opening: [ServerEvent]
        let upTo: EventPosition
        let position = lastEventId.flatMap { $0.isEmpty ? nil : EventPosition($0) ?? .unknown }
        switch try await log.catchUp(householdId: user.householdId, after: position) {
        case .missed(let missed, let position):
            opening = missed.filter { $0.scope.reaches(userId: user.id, householdId: user.householdId) && $0.event.isSent }.map(\.event)
            upTo = position
        case .gone(let position):
            opening = [.reset(at: position)]
            upTo = position
        }
        return EventSubscription(opening: opening + [.ready(at: upTo)], live: live, after: upTo.seq)
    }
}

/// One client's events: those it missed and `ready`, then the live ones after `after`.
struct EventSubscription: Sendable {
    let opening: [ServerEvent]
    let live: AsyncStream<LoggedEvent>
    /// Live events up to this number were in the log already: sent in `opening` or not for this client.
    let after: Int64
}

extension EventPosition {
    /// A `Last-Event-ID` this server never sent: it is answered with `reset`.
    static let unknown = EventPosition(log: "", seq: 0)
}
