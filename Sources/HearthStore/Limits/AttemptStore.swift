import Foundation
import HearthCore
import SQLKit

/// Sign-in and registration attempts counted in a PostgreSQL database that several servers share
/// (migration 17), so that alternating servers gains an attacker nothing. One server on SQLite
/// counts them in memory instead.
public struct AttemptStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Lends `decide` the attempts of `keys` since `since` and their turns, as one step across
    /// every server (the keys are locked until it ends), and keeps the changes it makes.
    public func update<T: Sendable>(_ keys: [String], since: Date, _ decide: @escaping @Sendable (inout AttemptBook) throws -> T) async throws -> T {
        let keys = Array(Set(keys)).sorted()  // locked in one order: two steps never wait for each other
        return try await database.transaction { db in
            try await db.raw("SELECT pg_advisory_xact_lock(hashtext(key)) FROM unnest(ARRAY[\(binds: keys)]) AS key").run()
            var attempts: [String: [Date]] = [:]
            for row in try await db.raw("""
                SELECT key, at FROM attempts WHERE key IN (\(binds: keys)) AND at > \(bind: since) ORDER BY at
                """).all() {
                attempts[try row.decode(column: "key", as: String.self), default: []].append(try row.decode(column: "at", as: Date.self))
            }
            var turns: [String: Date] = [:]
            for row in try await db.raw("SELECT key, next_at FROM attempt_turns WHERE key IN (\(binds: keys))").all() {
                turns[try row.decode(column: "key", as: String.self)] = try row.decode(column: "next_at", as: Date.self)
            }
            var book = AttemptBook(attempts: attempts, turns: turns)
            let answer = try decide(&book)
            for change in book.changes { try await Self.keep(change, on: db) }
            return answer
        }
    }

    private static func keep(_ change: AttemptBook.Change, on db: any SQLDatabase) async throws {
        switch change {
        case .record(let key, let time):
            try await db.raw("INSERT INTO attempts (key, at) VALUES (\(bind: key), \(bind: time))").run()
        case .takeBack(let key):
            try await db.raw("""
                DELETE FROM attempts WHERE ctid = (SELECT ctid FROM attempts WHERE key = \(bind: key) ORDER BY at DESC LIMIT 1)
                """).run()
        case .forget(let key):
            try await db.raw("DELETE FROM attempts WHERE key = \(bind: key)").run()
        case .turn(let key, let time):
            try await db.raw("""
                INSERT INTO attempt_turns (key, next_at) VALUES (\(bind: key), \(bind: time))
                ON CONFLICT (key) DO UPDATE SET next_at = excluded.next_at
                """).run()
        }
    }

    /// Forgets attempts from before `cutoff` and turns that have passed.
    public func purge(before cutoff: Date, now: Date) async throws {
        try await database.sql.raw("DELETE FROM attempts WHERE at < \(bind: cutoff)").run()
        try await database.sql.raw("DELETE FROM attempt_turns WHERE next_at < \(bind: now)").run()
    }
}
