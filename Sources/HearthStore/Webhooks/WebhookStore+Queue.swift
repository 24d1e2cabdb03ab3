import Foundation
import HearthCore
import SQLKit

/// Each webhook's queue of deliveries, sent in order.
extension WebhookStore {
    /// The webhooks whose queue has a delivery to send now, the longest waiting first. A queue
    /// whose first pending delivery waits for a retry waits whole, so a receiver gets its events in order.
    public func queuesDue(limit: Int = 200) async throws -> [UUID] {
        try await sql.raw("""
            SELECT d.webhook_id, MIN(d.next_attempt_at) AS first FROM webhook_deliveries d
            WHERE \(Self.sendable(now: clock.now)) GROUP BY d.webhook_id ORDER BY first LIMIT \(literal: limit)
            """).all().map { try $0.decode(column: "webhook_id", as: UUID.self) }
    }

    /// The first deliveries of a webhook's queue that may be sent now, in order.
    public func due(webhookId: UUID, limit: Int = 10) async throws -> [DueDelivery] {
        let columns = (Self.deliveryColumns + ["payload", "sequence"]).map { "d.\($0)" }.joined(separator: ", ")
        return try await sql.raw("""
            SELECT \(unsafeRaw: columns), w.url, w.sealed_secret FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
            WHERE d.webhook_id = \(bind: webhookId) AND \(Self.sendable(now: clock.now))
            ORDER BY d.sequence LIMIT \(literal: limit)
            """).all().map { row in
                DueDelivery(delivery: try Self.delivery(from: row), sequence: try row.decode(column: "sequence", as: Int.self),
                            url: try row.decode(column: "url", as: String.self),
                            sealedSecret: try row.decode(column: "sealed_secret", as: String.self),
                            payload: try row.decode(column: "payload", as: String.self))
            }
    }

    /// A pending delivery `d` due at `now` with no earlier one of its webhook waiting for a retry.
    private static func sendable(now: Date) -> SQLQueryString {
        let pending = WebhookDelivery.Status.pending.rawValue
        return """
            d.status = \(bind: pending) AND d.next_attempt_at <= \(bind: now) AND NOT EXISTS (
                SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = d.webhook_id AND e.status = \(bind: pending)
                AND e.sequence < d.sequence AND e.next_attempt_at > \(bind: now))
            """
    }

    /// Records the outcome of an attempt: delivered, retried later, or failed for good.
    public func record(_ deliveryId: UUID, delivered: Bool, statusCode: Int?, error: String?) async throws {
        let now = clock.now
        try await database.transaction { db in
            guard let row = try await db.select().column("attempts").from("webhook_deliveries").where("id", .equal, deliveryId).first()
            else { return }
            let attempts = try row.decode(column: "attempts", as: Int.self) + 1
            let next = delivered ? nil : WebhookDelivery.nextAttempt(after: attempts, at: now)
            let status: WebhookDelivery.Status = delivered ? .delivered : (next == nil ? .failed : .pending)
            try await db.update("webhook_deliveries")
                .set("attempts", to: attempts).set("status", to: status.rawValue)
                .set("next_attempt_at", to: next.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null)
                .set("last_status_code", to: statusCode.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null)
                .set("last_error", to: error.map { SQLBind(String($0.prefix(500))) as any SQLExpression } ?? SQLLiteral.null)
                .where("id", .equal, deliveryId).run()
        }
    }
}
