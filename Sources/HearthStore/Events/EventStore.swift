import Foundation
import HearthCore
import Logging
import NIOConcurrencyHelpers
import PostgresKit
import SQLKit

/// An event as the servers of a cluster share it: numbered within its household in commit order.
public struct StoredEvent: Sendable, Equatable {
    public let householdId: UUID
    public let seq: Int64
    /// Whose event it is (a timer's, a report's); nil: the whole household's.
    public let userId: UUID?
    public let name: String
    public let data: String

    public init(householdId: UUID, seq: Int64, userId: UUID?, name: String, data: String) {
        self.householdId = householdId
        self.seq = seq
        self.userId = userId
        self.name = name
        self.data = data
    }
}

/// The events of a PostgreSQL database shared by several servers (migration 16): each server
/// appends what happened through it, hears every event of every server (``follow(logger:connected:deliver:)``),
/// and reads what a reopened stream missed (``events(householdId:after:limit:)``).
public struct EventStore: Sendable {
    let database: Database
    let clock: any WallClock

    /// Events are kept at least this long, so a stream reopened within it misses nothing.
    public static let kept: TimeInterval = 15 * 60

    public init(database: Database, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    /// Appends an event and answers its number: on its own, or in the transaction `db` of the change
    /// it tells of. The household's counter row stays locked until the statement (or transaction)
    /// commits, so numbers follow commit order within a household.
    @discardableResult
    public func append(householdId: UUID, userId: UUID?, name: String, data: String, on db: (any SQLDatabase)? = nil) async throws -> Int64 {
        guard let row = try await (db ?? database.sql).prepared("""
            WITH next AS (
                INSERT INTO event_counters (household_id, seq) VALUES (\(bind: householdId), 1)
                ON CONFLICT (household_id) DO UPDATE SET seq = event_counters.seq + 1 RETURNING seq)
            INSERT INTO events (household_id, seq, user_id, name, data, created_at)
            SELECT \(bind: householdId), seq, \(bind: userId), \(bind: name), \(bind: data), \(bind: clock.now) FROM next
            RETURNING seq
            """).first() else { throw StoreError.missingRow("events") }
        return try row.decode(column: "seq", as: Int64.self)
    }

    /// The number of the household's latest event (0 before its first).
    public func latest(householdId: UUID) async throws -> Int64 {
        try await database.sql.raw("SELECT seq FROM event_counters WHERE household_id = \(bind: householdId)").first()?
            .decode(column: "seq", as: Int64.self) ?? 0
    }

    /// The household's kept events after `seq`, in order, at most `limit`.
    public func events(householdId: UUID, after seq: Int64, limit: Int) async throws -> [StoredEvent] {
        try await database.sql.raw("""
            SELECT household_id, seq, user_id, name, data FROM events
            WHERE household_id = \(bind: householdId) AND seq > \(bind: seq) ORDER BY seq LIMIT \(literal: limit)
            """).all().map(Self.event(from:))
    }

    /// Forgets events older than ``kept``.
    public func purge() async throws {
        try await database.sql.raw("DELETE FROM events WHERE created_at < \(bind: clock.now - Self.kept)").run()
    }

    /// Hears every event appended by any server, in commit order within each household, until the
    /// task is cancelled. A connection of its own listens; `connected` runs each time it listens
    /// anew (events appended while it was not listening were missed: streams must catch up from
    /// ``events(householdId:after:limit:)``); a lost connection is opened again a second later. A
    /// connection that went quiet without closing (a network that dropped it) is noticed by a ping
    /// this server sends itself every ``pingInterval``: one not heard back in time closes it.
    public func follow(logger: Logger, connected: @escaping @Sendable () async -> Void,
                       deliver: @escaping @Sendable (StoredEvent) async -> Void) async {
        guard case .postgres(let url) = database.location, let configuration = try? SQLPostgresConfiguration(url: url) else {
            logger.error("Events cannot be followed: the database is not PostgreSQL or its URL cannot be read.")
            return
        }
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration.coreConfiguration, id: 0, logger: logger)
                try await connection.noticeLostClients(logger: logger)
                let ping = "ping " + UUID().text
                let heard = LastHeard(clock.now)
                do {
                    try await withThrowingTaskGroup { group in
                        group.addTask {
                            try await connection.listen(on: "hearth_events") { notifications in
                                await connected()
                                for try await notification in notifications {
                                    if notification.payload == ping {
                                        heard.mark(clock.now)
                                    } else if let event = try await event(named: notification.payload) {
                                        await deliver(event)
                                    }
                                }
                            }
                        }
                        group.addTask {
                            while true {
                                try await Task.sleep(for: .seconds(Self.pingInterval))
                                guard clock.now.timeIntervalSince(heard.time) < 3 * Self.pingInterval else {
                                    throw StoreError.unreachable("PostgreSQL", "the event connection stopped answering")
                                }
                                try await database.sql.raw("SELECT pg_notify('hearth_events', \(bind: ping))").run()
                            }
                        }
                        // Either ends: the listening stopped or went quiet.
                        try await group.next()
                        group.cancelAll()
                    }
                } catch {
                    if !Task.isCancelled { logger.warning("Stopped hearing events: \(String(reflecting: error))") }
                }
                // Closed also when cancelled: a connection must not outlive its task unclosed.
                try? await connection.close()
            } catch {
                if !Task.isCancelled { logger.warning("Cannot hear events: \(String(reflecting: error))") }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// How often a follower pings itself through its listening connection.
    public static let pingInterval: TimeInterval = 5

    /// The event a notification names (`<household id> <seq>`); nil when it is gone already.
    private func event(named payload: String) async throws -> StoredEvent? {
        let parts = payload.split(separator: " ")
        guard parts.count == 2, let householdId = UUID(uuidString: String(parts[0])), let seq = Int64(parts[1]) else { return nil }
        return try await database.sql.raw("""
            SELECT household_id, seq, user_id, name, data FROM events WHERE household_id = \(bind: householdId) AND seq = \(bind: seq)
            """).first().map(Self.event(from:))
    }

    static func event(from row: any SQLRow) throws -> StoredEvent {
        StoredEvent(householdId: try row.decode(column: "household_id", as: UUID.self), seq: try row.decode(column: "seq", as: Int64.self),
                    userId: try row.decode(column: "user_id", as: UUID?.self), name: try row.decode(column: "name", as: String.self),
                    data: try row.decode(column: "data", as: String.self))
    }
}

/// When a follower last heard its own ping.
private final class LastHeard: Sendable {
    private let value: NIOLockedValueBox<Date>

    init(_ time: Date) {
        value = NIOLockedValueBox(time)
    }

    var time: Date { value.withLockedValue { $0 } }

    func mark(_ time: Date) {
        value.withLockedValue { $0 = time }
    }
}
