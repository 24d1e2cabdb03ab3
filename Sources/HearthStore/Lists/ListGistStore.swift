import Foundation
import HearthCore
import SQLKit

/// The lists' Gist backups of accounts (``ListGistBackup``), with their sealed token and passphrase.
public struct ListGistStore: Sendable {
    let database: Database
    let clock: any WallClock
    private var sql: any SQLDatabase { database.sql }

    public init(database: Database, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    /// A connection with what the server sealed of it.
    public struct Sealed: Sendable {
        public var backup: ListGistBackup
        public var token: String
        public var passphrase: String
        /// The digest of the lists last sent.
        public var contentDigest: String?
    }

    private static let columns = ["user_id", "household_id", "token", "passphrase", "login", "gist_id", "schedule", "content_digest",
                                  "backed_up_at", "tried_at", "error", "stopped", "wait_until"]

    /// Connects (or connects again) the account's backup in the household. The same GitHub login
    /// keeps its gist; another starts over.
    public func connect(accountId: UUID, householdId: UUID, token: String, passphrase: String, login: String,
                        schedule: ListGistBackup.Schedule) async throws {
        try await database.transaction { db in
            let earlier = try await Self.find(accountId: accountId, householdId: householdId, on: db)
            let keep = earlier?.backup.login == login
            try await db.delete(from: "list_gist_backups").where("user_id", .equal, accountId).where("household_id", .equal, householdId).run()
            try await db.insert(into: "list_gist_backups")
                .columns(Self.columns + ["created_at"])
                .values(SQLBind(accountId), SQLBind(householdId), SQLBind(token), SQLBind(passphrase), SQLBind(login),
                        SQLBind(keep ? earlier?.backup.gistId : nil), SQLBind(schedule.rawValue), SQLBind(keep ? earlier?.contentDigest : nil),
                        SQLBind(keep ? earlier?.backup.backedUpAt : nil), SQLBind(nil as Date?), SQLBind(nil as String?), SQLBind(false),
                        SQLBind(nil as Date?), SQLBind(self.clock.now))
                .run()
        }
    }

    public func find(accountId: UUID, householdId: UUID) async throws -> Sealed? {
        try await Self.find(accountId: accountId, householdId: householdId, on: sql)
    }

    public func disconnect(accountId: UUID, householdId: UUID) async throws {
        try await sql.delete(from: "list_gist_backups").where("user_id", .equal, accountId).where("household_id", .equal, householdId).run()
    }

    public func setSchedule(_ schedule: ListGistBackup.Schedule, accountId: UUID, householdId: UUID) async throws {
        try await keyed(sql.update("list_gist_backups").set("schedule", to: schedule.rawValue), accountId, householdId).run()
    }

    /// Notes a backup sent now into `gistId`, of lists whose digest is `digest`.
    public func recordBackup(accountId: UUID, householdId: UUID, gistId: String, digest: String) async throws {
        let now = clock.now
        try await keyed(sql.update("list_gist_backups").set("gist_id", to: gistId).set("content_digest", to: digest).set("backed_up_at", to: now)
            .set("tried_at", to: now).set("error", to: SQLLiteral.null).set("wait_until", to: SQLLiteral.null), accountId, householdId).run()
    }

    /// Notes a try that failed: why, whether to stop trying (a refused token), and until when to wait.
    public func recordFailure(accountId: UUID, householdId: UUID, error: String, stop: Bool, waitUntil: Date?) async throws {
        try await keyed(sql.update("list_gist_backups").set("tried_at", to: clock.now).set("error", to: error).set("stopped", to: stop)
            .set("wait_until", to: waitUntil), accountId, householdId).run()
    }

    /// The gist it writes is gone: the next backup makes a new one.
    public func forgetGist(accountId: UUID, householdId: UUID) async throws {
        try await keyed(sql.update("list_gist_backups").set("gist_id", to: SQLLiteral.null).set("content_digest", to: SQLLiteral.null),
                        accountId, householdId).run()
    }

    /// Backups whose schedule says another may be made now: not stopped, not told to wait, the
    /// account still in that household, the last one older than the schedule's interval.
    public func due() async throws -> [Sealed] {
        let now = clock.now
        return try await sql.select().columns(Self.columns.map { SQLColumn($0, table: "g") }).from(SQLAlias(SQLIdentifier("list_gist_backups"), as: "g"))
            .join(SQLAlias(SQLIdentifier("users"), as: "a"), method: SQLJoinMethod.inner,
                  on: SQLBinaryExpression(SQLColumn("id", table: "a"), .equal, SQLColumn("user_id", table: "g")))
            .where(SQLColumn("household_id", table: "a"), .equal, SQLColumn("household_id", table: "g"))
            .where(SQLColumn("stopped", table: "g"), .equal, SQLBind(false))
            .where(SQLColumn("schedule", table: "g"), .notEqual, SQLBind(ListGistBackup.Schedule.manual.rawValue))
            .where { $0.where(SQLColumn("wait_until", table: "g"), .is, SQLLiteral.null).orWhere(SQLColumn("wait_until", table: "g"), .lessThan, SQLBind(now)) }
            .all().map(Self.sealed(from:))
            .filter { sealed in
                guard let interval = sealed.backup.schedule.interval else { return false }
                return sealed.backup.backedUpAt.map { now.timeIntervalSince($0) >= interval } ?? true
            }
    }

    private func keyed(_ update: SQLUpdateBuilder, _ accountId: UUID, _ householdId: UUID) -> SQLUpdateBuilder {
        update.where("user_id", .equal, accountId).where("household_id", .equal, householdId)
    }

    private static func find(accountId: UUID, householdId: UUID, on db: any SQLDatabase) async throws -> Sealed? {
        try await db.select().columns(columns).from("list_gist_backups").where("user_id", .equal, accountId)
            .where("household_id", .equal, householdId).first().map(sealed(from:))
    }

    private static func sealed(from row: any SQLRow) throws -> Sealed {
        Sealed(
            backup: ListGistBackup(
                accountId: try row.decode(column: "user_id", as: UUID.self), householdId: try row.decode(column: "household_id", as: UUID.self),
                login: try row.decode(column: "login", as: String.self), gistId: try row.decode(column: "gist_id", as: String?.self),
                schedule: ListGistBackup.Schedule(rawValue: try row.decode(column: "schedule", as: String.self)) ?? .changes,
                backedUpAt: try row.decode(column: "backed_up_at", as: Date?.self), triedAt: try row.decode(column: "tried_at", as: Date?.self),
                error: try row.decode(column: "error", as: String?.self), stopped: try row.decode(column: "stopped", as: Bool.self),
                waitUntil: try row.decode(column: "wait_until", as: Date?.self)),
            token: try row.decode(column: "token", as: String.self), passphrase: try row.decode(column: "passphrase", as: String.self),
            contentDigest: try row.decode(column: "content_digest", as: String?.self))
    }
}
