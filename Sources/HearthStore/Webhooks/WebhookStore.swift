import Foundation
import HearthCore
import SQLKit

/// Webhooks and their delivery queue. Each user sees and changes only their own.
public struct WebhookStore: Sendable {
    /// A webhook with what is needed to send to it.
    public struct Target: Sendable {
        public let webhook: Webhook
        public let sealedSecret: String
    }

    /// A delivery that is due, with its destination and its place in its webhook's queue.
    public struct DueDelivery: Sendable {
        public let delivery: WebhookDelivery
        public let sequence: Int
        public let url: String
        public let sealedSecret: String
        public let payload: String
    }

    public static let maximumPerUser = 10

    let database: Database
    let clock: any WallClock
    let ids: IDGenerator

    public init(database: Database, clock: any WallClock, ids: IDGenerator = .random) {
        self.database = database
        self.clock = clock
        self.ids = ids
    }

    var sql: any SQLDatabase { database.sql }

    /// Saves a webhook (its secret already sealed); at most ``maximumPerUser`` per user, counted
    /// with the user's row locked, so that requests at once (on several servers) cannot pass it.
    /// With a client's `id` that the user's webhook has already, that webhook is answered as it
    /// is (a request sent again after its answer was lost); another's id is a conflict.
    public func create(id: UUID? = nil, userId: UUID, url: String, events: Set<TimerEvent.Kind>,
                       sealedSecret: String) async throws -> (target: Target, created: Bool) {
        let webhook = Webhook(id: id ?? ids.next(), userId: userId, url: url, events: events, createdAt: clock.now)
        return try await database.transaction { db in
            let user = db.select().column("id").from("users").where("id", .equal, userId)
            user.for(.update)
            _ = try await user.first()
            if let id, let existing = try await db.select().columns("id", "user_id", "url", "sealed_secret", "events", "created_at")
                .from("webhooks").where("id", .equal, id).first().map(Self.target(from:)) {
                guard existing.webhook.userId == userId else { throw WebhookError.idConflict }
                return (existing, false)
            }
            let count = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("webhooks")
                .where("user_id", .equal, userId).first()?.decode(column: "n", as: Int.self) ?? 0
            guard count < Self.maximumPerUser else { throw WebhookError.tooMany(maximum: Self.maximumPerUser) }
            try await db.insert(into: "webhooks").columns("id", "user_id", "url", "sealed_secret", "events", "created_at")
                .values(SQLBind(webhook.id), SQLBind(userId), SQLBind(url), SQLBind(sealedSecret),
                        SQLBind(Self.encode(events)), SQLBind(webhook.createdAt))
                .run()
            return (Target(webhook: webhook, sealedSecret: sealedSecret), true)
        }
    }

    /// The user's webhooks, oldest first.
    public func webhooks(userId: UUID) async throws -> [Target] {
        try await Self.webhooks(userId: userId, on: sql)
    }

    static func webhooks(userId: UUID, on db: any SQLDatabase) async throws -> [Target] {
        try await db.select().columns("id", "user_id", "url", "sealed_secret", "events", "created_at").from("webhooks")
            .where("user_id", .equal, userId).orderBy("created_at").all().map(Self.target(from:))
    }

    /// Deletes one of the user's webhooks with its log. Returns false when the user has no such webhook.
    public func delete(id: UUID, userId: UUID) async throws -> Bool {
        try await sql.delete(from: "webhooks").where("id", .equal, id).where("user_id", .equal, userId).runCounting() > 0
    }

    /// Queues each event's payload for every webhook of the user that wants it, in the caller's
    /// transaction: the timer change that caused the events, so a delivery exists exactly when its
    /// change does, also across a crash. The caller holds the user's timer row, so the numbers each
    /// webhook's queue gets follow the order of the events. Returns how many were queued.
    @discardableResult
    public func enqueue(userId: UUID, events: [(kind: TimerEvent.Kind, payload: String)], on db: any SQLDatabase) async throws -> Int {
        guard !events.isEmpty else { return 0 }
        let targets = try await Self.webhooks(userId: userId, on: db)
        let now = clock.now
        var queued = 0
        for target in targets {
            let wanted = events.filter { target.webhook.wants($0.kind) }
            guard !wanted.isEmpty else { continue }
            let last = try await db.select().column(SQLFunction("MAX", args: SQLIdentifier("sequence")), as: "last")
                .from("webhook_deliveries").where("webhook_id", .equal, target.webhook.id)
                .first()?.decode(column: "last", as: Int?.self) ?? 0
            for (offset, event) in wanted.enumerated() {
                try await db.insert(into: "webhook_deliveries")
                    .columns("id", "webhook_id", "event", "payload", "status", "attempts", "next_attempt_at", "created_at", "sequence")
                    .values(SQLBind(ids.next()), SQLBind(target.webhook.id), SQLBind(event.kind.rawValue), SQLBind(event.payload),
                            SQLBind(WebhookDelivery.Status.pending.rawValue), SQLBind(0), SQLBind(now), SQLBind(now),
                            SQLBind(last + offset + 1))
                    .run()
            }
            queued += wanted.count
        }
        return queued
    }

    /// Forgets deliveries older than `age` (the log keeps a month).
    public func pruneLog(olderThan age: TimeInterval = 30 * 86_400) async throws {
        try await sql.delete(from: "webhook_deliveries").where("created_at", .lessThan, clock.now - age)
            .where("status", .notEqual, WebhookDelivery.Status.pending.rawValue).run()
    }

    /// The latest deliveries to the user's webhooks (or to one of them), newest first (the
    /// delivery log); nil when the user has no webhook `webhookId`.
    public func log(userId: UUID, webhookId: UUID? = nil, limit: Int = 25) async throws -> [WebhookDelivery]? {
        if let webhookId {
            let owned = try await sql.select().column("id").from("webhooks").where("id", .equal, webhookId)
                .where("user_id", .equal, userId).first()
            guard owned != nil else { return nil }
        }
        let query = sql.select()
            .columns(Self.deliveryColumns.map { SQLColumn(SQLIdentifier($0), table: SQLIdentifier("webhook_deliveries")) })
            .from("webhook_deliveries")
            .join("webhooks", on: SQLColumn("webhook_id", table: "webhook_deliveries"), .equal, SQLColumn("id", table: "webhooks"))
            .where(SQLColumn("user_id", table: "webhooks"), .equal, SQLBind(userId))
        if let webhookId { query.where(SQLColumn("webhook_id", table: "webhook_deliveries"), .equal, SQLBind(webhookId)) }
        return try await query.orderBy(SQLColumn("created_at", table: "webhook_deliveries"), SQLDirection.descending)
            .orderBy(SQLColumn("sequence", table: "webhook_deliveries"), SQLDirection.descending)
            .limit(limit).all().map(Self.delivery(from:))
    }

    static let deliveryColumns = ["id", "webhook_id", "event", "status", "attempts", "next_attempt_at", "last_status_code",
                                  "last_error", "created_at"]

    static func delivery(from row: any SQLRow) throws -> WebhookDelivery {
        WebhookDelivery(
            id: try row.decode(column: "id", as: UUID.self), webhookId: try row.decode(column: "webhook_id", as: UUID.self),
            event: try row.decode(column: "event", as: String.self),
            status: WebhookDelivery.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .failed,
            attempts: try row.decode(column: "attempts", as: Int.self),
            nextAttemptAt: try row.decode(column: "next_attempt_at", as: Date?.self),
            lastStatusCode: try row.decode(column: "last_status_code", as: Int?.self),
            lastError: try row.decode(column: "last_error", as: String?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self)
        )
    }

    static func target(from row: any SQLRow) throws -> Target {
        Target(
            webhook: Webhook(id: try row.decode(column: "id", as: UUID.self), userId: try row.decode(column: "user_id", as: UUID.self),
                             url: try row.decode(column: "url", as: String.self),
                             events: decode(try row.decode(column: "events", as: String.self)),
                             createdAt: try row.decode(column: "created_at", as: Date.self)),
            sealedSecret: try row.decode(column: "sealed_secret", as: String.self)
        )
    }

    /// Events are stored as a comma-separated list; "*" means all.
    static func encode(_ events: Set<TimerEvent.Kind>) -> String {
        events.isEmpty ? "*" : events.map(\.rawValue).sorted().joined(separator: ",")
    }

    static func decode(_ text: String) -> Set<TimerEvent.Kind> {
        text == "*" ? [] : Set(text.split(separator: ",").compactMap { TimerEvent.Kind(rawValue: String($0)) })
    }
}
