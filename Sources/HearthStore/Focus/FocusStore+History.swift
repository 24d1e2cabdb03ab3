import Foundation
import HearthCore
import SQLKit

extension FocusStore {
    /// Which sessions to list: optionally one kind and a range of local days (inclusive).
    public struct SessionFilter: Sendable, Equatable {
        public var kind: TimerPhase?
        public var fromDay: Int?
        public var toDay: Int?

        public init(kind: TimerPhase? = nil, fromDay: Int? = nil, toDay: Int? = nil) {
            self.kind = kind
            self.fromDay = fromDay
            self.toDay = toDay
        }
    }

    /// A page of the user's sessions, newest first, with the total that match.
    public func sessions(userId: UUID, filter: SessionFilter, limit: Int, offset: Int) async throws -> (sessions: [FocusSession], total: Int) {
        let total = try await filtered(sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n"), userId, filter)
            .first()?.decode(column: "n", as: Int.self) ?? 0
        let rows = try await filtered(sql.select().columns(Self.sessionColumns), userId, filter)
            .orderBy("ended_at", .descending).orderBy("id")
            .limit(limit).offset(offset).all()
        return (try rows.map(Self.session(from:)), total)
    }

    /// Deletes one of the user's sessions. Returns false when the user has no such session.
    public func deleteSession(id: UUID, userId: UUID) async throws -> Bool {
        try await sql.delete(from: "focus_sessions").where("id", .equal, id).where("user_id", .equal, userId).runCounting() > 0
    }

    /// Clears the user's history (sessions and gym workouts), all of it or the local days before
    /// `beforeDay`; returns how many rows went. Statistics are read from these tables, so they follow.
    public func clearHistory(userId: UUID, beforeDay: Int?) async throws -> Int {
        try await database.transaction { db in
            var deleted = 0
            for table in ["focus_sessions", "focus_workouts"] {
                let delete = db.delete(from: table).where("user_id", .equal, userId)
                if let beforeDay { delete.where("local_day", .lessThan, beforeDay) }
                deleted += try await delete.runCounting()
            }
            return deleted
        }
    }

    /// Adds finished sessions directly (imports, benchmarks and tests), in one transaction.
    public func insertSessions(_ sessions: [FocusSession], userId: UUID, timeZone: TimeZone) async throws {
        try await database.transaction { db in
            for session in sessions {
                try await Self.insert(session, userId: userId, timeZone: timeZone, on: db)
            }
        }
    }

    private func filtered(_ query: SQLSelectBuilder, _ userId: UUID, _ filter: SessionFilter) -> SQLSelectBuilder {
        query.from("focus_sessions").where("user_id", .equal, userId)
        if let kind = filter.kind { query.where("kind", .equal, kind.rawValue) }
        if let fromDay = filter.fromDay { query.where("local_day", .greaterThanOrEqual, fromDay) }
        if let toDay = filter.toDay { query.where("local_day", .lessThanOrEqual, toDay) }
        return query
    }

    static let sessionColumns = ["id", "kind", "started_at", "ended_at", "planned_seconds", "actual_seconds", "skipped", "label"]

    static func session(from row: any SQLRow) throws -> FocusSession {
        FocusSession(
            id: try row.decode(column: "id", as: UUID.self),
            kind: TimerPhase(rawValue: try row.decode(column: "kind", as: String.self)) ?? .focus,
            startedAt: try row.decode(column: "started_at", as: Date.self),
            endedAt: try row.decode(column: "ended_at", as: Date.self),
            plannedSeconds: try row.decode(column: "planned_seconds", as: Int.self),
            actualSeconds: try row.decode(column: "actual_seconds", as: Int.self),
            skipped: try row.decode(column: "skipped", as: Bool.self),
            label: try row.decode(column: "label", as: String?.self)
        )
    }
}
