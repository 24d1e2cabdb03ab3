import Foundation
import HearthCore
import SQLKit

/// Each person's subscribed devices, their push settings, and the queue of pushes to send
/// (``PushStore+Queue``). Every query is scoped by the user it is given.
public struct PushStore: Sendable {
    let database: Database
    let clock: any WallClock
    let ids: IDGenerator

    public init(database: Database, clock: any WallClock, ids: IDGenerator = .random) {
        self.database = database
        self.clock = clock
        self.ids = ids
    }

    var sql: any SQLDatabase { database.sql }
    static let columns = ["id", "user_id", "endpoint", "p256dh", "auth", "name", "created_at", "last_push_at",
                          "last_status_code", "last_error"]

    /// Saves a browser's subscription for `userId`. The same endpoint again (the browser renewed
    /// its keys, or another person signed in on it) updates that device rather than adding one:
    /// a push service endpoint belongs to one browser. At most ``PushSubscription/maximumPerUser``
    /// per person, counted with the person's row locked.
    public func subscribe(userId: UUID, endpoint: String, p256dh: String, auth: String, name: String?) async throws
        -> (subscription: PushSubscription, created: Bool) {
        let now = clock.now, id = ids.next()
        return try await database.transaction { db in
            let user = db.select().column("id").from("users").where("id", .equal, userId)
            user.for(.update)
            _ = try await user.first()
            if let existing = try await db.select().columns(Self.columns).from("push_subscriptions")
                .where("endpoint", .equal, endpoint).first().map(Self.subscription(from:)) {
                try await db.update("push_subscriptions").set("user_id", to: userId).set("p256dh", to: p256dh).set("auth", to: auth)
                    .set("name", to: name.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null)
                    .set("last_error", to: SQLLiteral.null).set("last_status_code", to: SQLLiteral.null)
                    .where("id", .equal, existing.id).run()
                if existing.userId != userId {
                    // What was queued for the person who had this browser before is not this person's to see.
                    try await db.delete(from: "push_deliveries").where("subscription_id", .equal, existing.id).run()
                }
                var updated = existing
                (updated.userId, updated.p256dh, updated.auth, updated.name) = (userId, p256dh, auth, name)
                (updated.lastError, updated.lastStatusCode) = (nil, nil)
                return (updated, false)
            }
            let count = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("push_subscriptions")
                .where("user_id", .equal, userId).first()?.decode(column: "n", as: Int.self) ?? 0
            guard count < PushSubscription.maximumPerUser else { throw PushError.tooMany(maximum: PushSubscription.maximumPerUser) }
            let subscription = PushSubscription(id: id, userId: userId, endpoint: endpoint, p256dh: p256dh, auth: auth,
                                                name: name, createdAt: now)
            try await db.insert(into: "push_subscriptions").columns("id", "user_id", "endpoint", "p256dh", "auth", "name", "created_at")
                .values(SQLBind(id), SQLBind(userId), SQLBind(endpoint), SQLBind(p256dh), SQLBind(auth),
                        name.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null, SQLBind(now))
                .run()
            return (subscription, true)
        }
    }

    /// The person's devices, oldest first.
    public func subscriptions(userId: UUID) async throws -> [PushSubscription] {
        try await Self.subscriptions(userId: userId, on: sql)
    }

    static func subscriptions(userId: UUID, on db: any SQLDatabase) async throws -> [PushSubscription] {
        try await db.select().columns(columns).from("push_subscriptions").where("user_id", .equal, userId)
            .orderBy("created_at").orderBy("id").all().map(Self.subscription(from:))
    }

    /// Forgets one of the person's devices with its queue. False when the person has no such device.
    public func delete(id: UUID, userId: UUID) async throws -> Bool {
        try await sql.delete(from: "push_subscriptions").where("id", .equal, id).where("user_id", .equal, userId).runCounting() > 0
    }

    /// The person's push settings (the defaults until they save some).
    public func settings(userId: UUID) async throws -> PushSettings {
        try await Self.settings(userId: userId, on: sql)
    }

    /// The settings within a transaction (the one of a change that may push).
    public static func settings(userId: UUID, on db: any SQLDatabase) async throws -> PushSettings {
        let row = try await db.select().column("settings").from("push_settings").where("user_id", .equal, userId).first()
        return try settings(stored: try row?.decode(column: "settings", as: String.self))
    }

    /// Settings from their stored JSON; the defaults when there is none.
    static func settings(stored json: String?) throws -> PushSettings {
        guard let json else { return PushSettings() }
        return try JSONDecoder().decode(PushSettings.self, from: Data(json.utf8))
    }

    public func saveSettings(_ settings: PushSettings, userId: UUID) async throws {
        let json = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        try await sql.insert(into: "push_settings").columns("user_id", "settings", "updated_at")
            .values(SQLBind(userId), SQLBind(json), SQLBind(clock.now))
            .onConflict(with: ["user_id"]) { $0.set(excludedValueOf: "settings").set(excludedValueOf: "updated_at") }
            .run()
    }

    /// The members of a household whose settings want `kind` of notification, but for `excluded`.
    public static func members(of householdId: UUID, wanting kind: KeyPath<PushSettings, Bool> & Sendable, excluding excluded: [UUID] = [],
                               on db: any SQLDatabase) async throws -> [UUID] {
        // One query for the household's members and their settings.
        let rows = try await db.raw("""
            SELECT u.id, s.settings FROM users u LEFT JOIN push_settings s ON s.user_id = u.id
            WHERE u.household_id = \(bind: householdId) ORDER BY u.id
            """).all()
        return try rows.compactMap { row in
            let userId = try row.decode(column: "id", as: UUID.self)
            let wants = try settings(stored: try row.decode(column: "settings", as: String?.self))[keyPath: kind]
            return wants && !excluded.contains(userId) ? userId : nil
        }
    }

    static func subscription(from row: any SQLRow) throws -> PushSubscription {
        PushSubscription(
            id: try row.decode(column: "id", as: UUID.self), userId: try row.decode(column: "user_id", as: UUID.self),
            endpoint: try row.decode(column: "endpoint", as: String.self), p256dh: try row.decode(column: "p256dh", as: String.self),
            auth: try row.decode(column: "auth", as: String.self), name: try row.decode(column: "name", as: String?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            lastPushAt: try row.decode(column: "last_push_at", as: Date?.self),
            lastStatusCode: try row.decode(column: "last_status_code", as: Int?.self),
            lastError: try row.decode(column: "last_error", as: String?.self))
    }
}
