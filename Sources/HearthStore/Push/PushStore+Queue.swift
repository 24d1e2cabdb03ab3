import Foundation
import HearthCore
import SQLKit

/// The queue of pushes: written in the transaction of the change that caused them, claimed by one
/// server of a cluster at a time, sent at least once while they are still worth showing.
extension PushStore {
    /// A push to queue for every device of a person.
    public struct Message: Sendable {
        public let kind: PushNotification.Kind
        /// A newer push with the same topic replaces one still queued (and, at the push service,
        /// one not yet delivered).
        public let topic: String?
        public let payload: String
        public let timely: Bool
        public let timeToLive: Int

        public init(kind: PushNotification.Kind, topic: String?, payload: String, timely: Bool, timeToLive: Int) {
            self.kind = kind
            self.topic = topic
            self.payload = payload
            self.timely = timely
            self.timeToLive = timeToLive
        }
    }

    /// A claimed push with its device.
    public struct DuePush: Sendable {
        public let id: UUID
        public let subscription: PushSubscription
        public let kind: String
        public let topic: String?
        public let payload: String
        public let timely: Bool
        /// Attempts so far, this one included.
        public let attempts: Int
        public let expiresAt: Date
        public let createdAt: Date
    }

    /// How an attempt went.
    public enum Attempt: Sendable, Equatable {
        case delivered(statusCode: Int)
        /// Worth trying again, not sooner than `notBefore` seconds when the service said so.
        case retry(statusCode: Int?, error: String, notBefore: TimeInterval?)
        case failed(statusCode: Int?, error: String)
        /// The subscription is gone (404, 410): it is forgotten with its queue.
        case gone(statusCode: Int)
    }

    /// Waits between attempts of a push; none is sent after it expires.
    public static let retryDelays: [TimeInterval] = [5, 30, 120, 600, 1800]
    /// How long a server has to send what it claimed before another may take it.
    public static let lease: TimeInterval = 60

    /// Queues `messages` for every device of `userId` in the caller's transaction, so a push exists
    /// exactly when its change does, also across a crash. Returns how many were queued.
    @discardableResult
    public func enqueue(_ messages: [Message], userId: UUID, on db: any SQLDatabase) async throws -> Int {
        guard !messages.isEmpty else { return 0 }
        let now = clock.now
        var queued = 0
        for subscription in try await Self.subscriptions(userId: userId, on: db) {
            for message in messages {
                if let topic = message.topic {
                    try await db.delete(from: "push_deliveries").where("subscription_id", .equal, subscription.id)
                        .where("topic", .equal, topic).where("status", .equal, "pending").run()
                }
                try await db.insert(into: "push_deliveries")
                    .columns("id", "subscription_id", "kind", "topic", "payload", "urgency", "ttl", "status", "attempts",
                             "next_attempt_at", "expires_at", "created_at")
                    .values(SQLBind(ids.next()), SQLBind(subscription.id), SQLBind(message.kind.rawValue),
                            message.topic.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null, SQLBind(message.payload),
                            SQLBind(message.timely ? "high" : "normal"), SQLBind(message.timeToLive), SQLBind("pending"), SQLBind(0),
                            SQLBind(now), SQLBind(now + TimeInterval(message.timeToLive)), SQLBind(now))
                    .run()
                queued += 1
            }
        }
        return queued
    }

    /// The pushes ready to send, claimed for ``lease`` seconds (on PostgreSQL rows another server
    /// is claiming are skipped), oldest first.
    public func claimDue(limit: Int = 16) async throws -> [DuePush] {
        let now = clock.now
        // A look first: the sender asks every second, and mostly nothing is due; a claim is a write.
        guard try await sql.select().column("id").from("push_deliveries").where("status", .equal, "pending")
            .where("next_attempt_at", .lessThanOrEqual, now).limit(1).first() != nil else { return [] }
        let locking: SQLQueryString = database.kind == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        let claimed = try await sql.raw("""
            UPDATE push_deliveries SET next_attempt_at = \(bind: now + Self.lease), attempts = attempts + 1
            WHERE id IN (SELECT id FROM push_deliveries WHERE status = 'pending' AND next_attempt_at <= \(bind: now)
                         ORDER BY next_attempt_at, created_at LIMIT \(literal: limit)\(locking))
            RETURNING id, subscription_id, kind, topic, payload, urgency, ttl, attempts, expires_at, created_at
            """).all()
        guard !claimed.isEmpty else { return [] }
        let subscriptionIds = try Set(claimed.map { try $0.decode(column: "subscription_id", as: UUID.self) })
        let devices = try await sql.select().columns(Self.columns).from("push_subscriptions")
            .where("id", isOneOf: Array(subscriptionIds), on: sql).all().map(Self.subscription(from:))
        let byId = Dictionary(uniqueKeysWithValues: devices.map { ($0.id, $0) })
        return try claimed.compactMap { row -> DuePush? in
            guard let subscription = byId[try row.decode(column: "subscription_id", as: UUID.self)] else { return nil }
            return DuePush(
                id: try row.decode(column: "id", as: UUID.self), subscription: subscription,
                kind: try row.decode(column: "kind", as: String.self), topic: try row.decode(column: "topic", as: String?.self),
                payload: try row.decode(column: "payload", as: String.self),
                timely: try row.decode(column: "urgency", as: String.self) == "high",
                attempts: try row.decode(column: "attempts", as: Int.self),
                expiresAt: try row.decode(column: "expires_at", as: Date.self), createdAt: try row.decode(column: "created_at", as: Date.self))
        }.sorted { ($0.createdAt, $0.id.text) < ($1.createdAt, $1.id.text) }
    }

    /// Records an attempt on the push and on its device (for the device list).
    public func record(_ push: DuePush, _ attempt: Attempt) async throws {
        let now = clock.now
        var status = "pending", next: Date? = nil, code: Int?, error: String?
        switch attempt {
        case .gone:
            try await sql.delete(from: "push_subscriptions").where("id", .equal, push.subscription.id).run()
            return
        case .delivered(let statusCode):
            (status, code, error) = ("delivered", statusCode, nil)
        case .failed(let statusCode, let message):
            (status, code, error) = ("failed", statusCode, message)
        case .retry(let statusCode, let message, let notBefore):
            let delay = push.attempts <= Self.retryDelays.count ? Self.retryDelays[push.attempts - 1] : nil
            let wait = delay.map { max($0, notBefore ?? 0) }
            (code, error) = (statusCode, message)
            if let wait, now + wait < push.expiresAt { next = now + wait } else { status = "failed" }
        }
        let statusValue = status
        let nextValue: any SQLExpression = next.map { SQLBind($0) } ?? SQLLiteral.null
        let codeValue: any SQLExpression = code.map { SQLBind($0) } ?? SQLLiteral.null
        let errorValue: any SQLExpression = error.map { SQLBind(String($0.prefix(500))) } ?? SQLLiteral.null
        try await database.transaction { db in
            // Only the claim this attempt made: a server whose lease lapsed meanwhile leaves the
            // push to the one that claimed it next.
            try await db.update("push_deliveries").set("status", to: statusValue).set("next_attempt_at", to: nextValue)
                .set("last_status_code", to: codeValue).set("last_error", to: errorValue)
                .where("id", .equal, push.id).where("attempts", .equal, push.attempts).where("status", .equal, "pending").run()
            try await db.update("push_subscriptions").set("last_push_at", to: now)
                .set("last_status_code", to: codeValue).set("last_error", to: errorValue)
                .where("id", .equal, push.subscription.id).run()
        }
    }

    /// Forgets pushes that were sent or given up more than a week ago.
    public func pruneLog(olderThan age: TimeInterval = 7 * 86_400) async throws {
        try await sql.delete(from: "push_deliveries").where("created_at", .lessThan, clock.now - age)
            .where("status", .notEqual, "pending").run()
    }
}
