import Foundation
import HearthCore
import SQLKit

/// Page sessions and API tokens. Only SHA-256 hashes of their secrets are stored,
/// so a copy of the database does not let anyone sign in.
public struct CredentialStore: Sendable {
    let database: Database
    let clock: any WallClock
    let ids: IDGenerator

    /// Sessions end after this long without use.
    public static let sessionIdleLimit: TimeInterval = 30 * 24 * 3600
    /// `last_seen_at` / `last_used_at` are written at most this often, to keep reads cheap.
    static let touchInterval: TimeInterval = 60

    public init(database: Database, clock: any WallClock, ids: IDGenerator = .random) {
        self.database = database
        self.clock = clock
        self.ids = ids
    }

    var sql: any SQLDatabase { database.sql }
    var cache: CredentialCache { database.credentialCache }

    // MARK: Sessions

    /// Stores a new page session for the user, made from `origin`: signing in confirms it is them
    /// and opens the inventory's lock.
    public func createSession(userId: UUID, tokenHash: String, origin: SignInOrigin = .unknown) async throws {
        let now = clock.now
        try await sql.insert(into: "sessions")
            .columns("id", "user_id", "token_hash", "created_at", "last_seen_at", "user_agent", "address", "confirmed_at",
                     "inventory_used_at")
            .values(SQLBind(ids.next()), SQLBind(userId), SQLBind(tokenHash), SQLBind(now), SQLBind(now),
                    SQLBind(origin.userAgent), SQLBind(origin.address), SQLBind(now), SQLBind(now)).run()
    }

    /// How long ago the session's user last proved it was them (signed in, or confirmed since); nil
    /// for never (a session from before confirmations, or no such session). Read fresh, never
    /// cached: another server of a cluster may have confirmed it a moment ago.
    public func confirmationAge(tokenHash: String) async throws -> TimeInterval? {
        let confirmedAt = try await sql.select().column("confirmed_at").from("sessions").where("token_hash", .equal, tokenHash)
            .first()?.decode(column: "confirmed_at", as: Date?.self)
        return confirmedAt.map { clock.now.timeIntervalSince($0) }
    }

    /// Notes that the session's user has just proved it was them again.
    public func confirmSession(tokenHash: String) async throws {
        try await sql.update("sessions").set("confirmed_at", to: clock.now).where("token_hash", .equal, tokenHash).run()
    }

    /// The user of a live session, marking the session as used. Expired sessions are deleted.
    public func sessionUser(tokenHash: String) async throws -> User? {
        try await remembered(.session, tokenHash) { now in
            guard let row = try await userJoined(on: "sessions", matching: tokenHash, lastUse: "last_seen_at") else { return nil }
            let lastSeen = try row.decode(column: "last_seen_at", as: Date.self)
            if now.timeIntervalSince(lastSeen) > Self.sessionIdleLimit {
                try await sql.delete(from: "sessions").where("token_hash", .equal, tokenHash).run()
                return nil
            }
            if now.timeIntervalSince(lastSeen) > Self.touchInterval {
                try await sql.update("sessions").set("last_seen_at", to: now).where("token_hash", .equal, tokenHash).run()
            }
            return try row.decode(model: UserRecord.self, keyDecodingStrategy: .convertFromSnakeCase).user
        }
    }

    /// Ends one session (sign out).
    public func deleteSession(tokenHash: String) async throws {
        try await sql.delete(from: "sessions").where("token_hash", .equal, tokenHash).run()
        cache.clear()
    }

    /// Ends every session of the user except the one with `keeping` (after a password change).
    public func deleteSessions(userId: UUID, keeping tokenHash: String?) async throws {
        var query = sql.delete(from: "sessions").where("user_id", .equal, userId)
        if let tokenHash { query = query.where("token_hash", .notEqual, tokenHash) }
        try await query.run()
        cache.clear()
    }

    /// Removes sessions idle for longer than the limit.
    public func purgeExpiredSessions() async throws {
        try await sql.delete(from: "sessions")
            .where("last_seen_at", .lessThan, clock.now - Self.sessionIdleLimit).run()
    }

    // MARK: API tokens

    /// Stores a new named API token, made from `origin`.
    public func createToken(userId: UUID, name: String, tokenHash: String, origin: SignInOrigin = .unknown) async throws -> APIToken {
        let token = APIToken(id: ids.next(), userId: userId, name: name, createdAt: clock.now)
        try await sql.insert(into: "api_tokens").columns("id", "user_id", "name", "token_hash", "created_at", "user_agent", "address")
            .values(SQLBind(token.id), SQLBind(userId), SQLBind(name), SQLBind(tokenHash), SQLBind(token.createdAt),
                    SQLBind(origin.userAgent), SQLBind(origin.address)).run()
        return token
    }

    /// The user's tokens, newest first.
    public func tokens(userId: UUID) async throws -> [APIToken] {
        try await sql.select().columns("id", "user_id", "name", "created_at", "last_used_at").from("api_tokens")
            .where("user_id", .equal, userId).orderBy("created_at", .descending)
            .all(decoding: APITokenRecord.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.token)
    }

    /// The user a bearer token belongs to, marking the token as used.
    public func tokenUser(tokenHash: String) async throws -> User? {
        try await remembered(.token, tokenHash) { now in
            guard let row = try await userJoined(on: "api_tokens", matching: tokenHash, lastUse: "last_used_at") else { return nil }
            let lastUsed = try row.decode(column: "last_used_at", as: Date?.self)
            if lastUsed.map({ now.timeIntervalSince($0) > Self.touchInterval }) ?? true {
                try await sql.update("api_tokens").set("last_used_at", to: now).where("token_hash", .equal, tokenHash).run()
            }
            return try row.decode(model: UserRecord.self, keyDecodingStrategy: .convertFromSnakeCase).user
        }
    }

    /// The user the cache remembers for a credential, else what `lookUp` finds in the database
    /// (at `now`), remembered for the next request.
    private func remembered(_ kind: CredentialKey.Kind, _ tokenHash: String, lookUp: (Date) async throws -> User?) async throws -> User? {
        let now = clock.now
        return try await cache.remembered(CredentialKey(kind: kind, hash: tokenHash), at: now) { try await lookUp(now) }
    }

    /// One query for a credential and its user: every authenticated request runs it.
    private func userJoined(on table: String, matching tokenHash: String, lastUse: String) async throws -> (any SQLRow)? {
        let select = sql.select()
            .columns(UserRecord.columns.map { SQLColumn(SQLIdentifier($0), table: SQLIdentifier("users")) })
            .column(SQLColumn(SQLIdentifier(lastUse), table: SQLIdentifier(table)))
            .from(table)
            .join("users", on: SQLColumn("user_id", table: table), .equal, SQLColumn("id", table: "users"))
            .where(SQLColumn("token_hash", table: table), .equal, SQLBind(tokenHash))
        return try await sql.prepared(select.query).first()
    }

    /// Revokes every token of the user.
    public func deleteTokens(userId: UUID) async throws {
        try await sql.delete(from: "api_tokens").where("user_id", .equal, userId).run()
        cache.clear()
    }

    /// Revokes one of the user's tokens. Returns false when the user has no such token.
    public func deleteToken(id: UUID, userId: UUID) async throws -> Bool {
        defer { cache.clear() }
        return try await sql.delete(from: "api_tokens").where("id", .equal, id).where("user_id", .equal, userId).runCounting() > 0
    }
}
