import Foundation
import HearthStore
import SQLKit

/// Where events are kept for a while, numbered, so that a stream reopened on any server catches up
/// on what it missed. Appending also brings the event to every server's ``EventSubscribers``: at
/// once on SQLite (``MemoryEventLog``), through PostgreSQL's NOTIFY in a cluster (``DatabaseEventLog``).
protocol EventLog: Sendable {
    /// Records `event` for `scope`, once the change it tells of is saved.
    func append(_ event: ServerEvent, to scope: EventScope) async throws

    /// Records `event` in the transaction of the change it tells of (`db`), so that it exists
    /// exactly when the change does and follows it in commit order; false where events are kept
    /// elsewhere than in the database (then ``append(_:to:)`` after the commit).
    func append(_ event: ServerEvent, to scope: EventScope, within db: any SQLDatabase) async throws -> Bool

    /// The household's events after `position` (all of them, for every member: the caller picks
    /// what a stream gets) and where the log stands; with no position, none and where it stands.
    func catchUp(householdId: UUID, after position: EventPosition?) async throws -> CatchUp
}

/// What a reopened stream missed.
enum CatchUp: Sendable, Equatable {
    /// Every event after the position asked for, up to `position`, where the log stands; later
    /// events reach the stream live.
    case missed([LoggedEvent], upTo: EventPosition)
    /// Some of them are no longer kept (or the position is not of this log): the client must read
    /// everything again. The log stands at `position`.
    case gone(now: EventPosition)
}

extension EventLog {
    /// Events are kept at least this long: a stream reopened within it misses nothing.
    static var kept: TimeInterval { EventStore.kept }
}
