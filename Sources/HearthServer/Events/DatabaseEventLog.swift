import Foundation
import HearthCore
import HearthStore
import SQLKit

/// The event log of servers sharing a PostgreSQL database: events are rows (``EventStore``),
/// numbered per household in commit order, and reach every server's streams through the
/// ``EventFollower`` each runs.
struct DatabaseEventLog: EventLog {
    let store: EventStore

    /// More missed events than this: the stream is told to `reset` rather than sent them all.
    static let longestCatchUp = 10_000

    func append(_ event: ServerEvent, to scope: EventScope) async throws {
        try await store.append(householdId: scope.householdId, userId: scope.userId, name: event.name, data: event.data)
    }

    func append(_ event: ServerEvent, to scope: EventScope, within db: any SQLDatabase) async throws -> Bool {
        try await store.append(householdId: scope.householdId, userId: scope.userId, name: event.name, data: event.data, on: db)
        return true
    }

    func catchUp(householdId: UUID, after position: EventPosition?) async throws -> CatchUp {
        // Where the log stands first: every event up to there has committed, so the rows read
        // next hold all of them that are still kept.
        let now = EventPosition(log: Self.logName(householdId), seq: try await store.latest(householdId: householdId))
        guard let position else { return .missed([], upTo: now) }
        guard position.log == now.log, position.seq <= now.seq else { return .gone(now: now) }
        guard position.seq < now.seq else { return .missed([], upTo: now) }
        let rows = try await store.events(householdId: householdId, after: position.seq, limit: Self.longestCatchUp)
            .filter { $0.seq <= now.seq }
        // Every number from the position on: one forgotten (or still more than the longest catch-up) is a reset.
        guard rows.count == now.seq - position.seq, rows.enumerated().allSatisfy({ $0.element.seq == position.seq + 1 + Int64($0.offset) })
        else { return .gone(now: now) }
        return .missed(rows.map(Self.logged), upTo: now)
    }

    /// Each household's events are a log of their own.
    static func logName(_ householdId: UUID) -> String {
        String(householdId.text.prefix(8)).lowercased()
    }

    static func logged(_ row: StoredEvent) -> LoggedEvent {
        LoggedEvent(seq: row.seq, scope: EventScope(householdId: row.householdId, userId: row.userId),
                    event: ServerEvent(name: row.name, data: row.data,
                                       id: EventPosition(log: logName(row.householdId), seq: row.seq).description))
    }
}
