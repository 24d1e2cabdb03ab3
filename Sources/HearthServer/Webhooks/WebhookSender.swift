import AsyncHTTPClient
import Crypto
import Foundation
import HearthCore
import HearthStore
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// Sends queued webhook deliveries: POST JSON with an HMAC signature, retried with backoff
/// (10 s, 1 min, 5 min, 30 min, 2 h), each attempt recorded in the delivery log. Each webhook gets
/// its deliveries one after another in the order of their events; different webhooks are served
/// side by side. Every server of a cluster runs a sender, and a webhook's queue is served by one
/// server at a time: the one that holds its lock (``SessionLocks``), which goes with the server
/// should it die (its lock is checked with PostgreSQL before each delivery). A delivery is sent
/// once; only a server that dies, or loses its database connection, between sending and recording
/// it makes it arrive again (from the next server to take the queue), with the same `X-Hearth-Delivery` id.
struct WebhookSender: Service {
    static let pollInterval: Duration = .seconds(1)
    static let requestTimeout: TimeAmount = .seconds(10)

    let store: WebhookStore
    let box: SecretBox
    let clock: any WallClock
    /// Whether webhooks may go to this machine itself (`HEARTH_ALLOW_LOOPBACK_TARGETS`).
    let allowLoopback: Bool
    /// The queues this server serves, on PostgreSQL; nil on SQLite, where it serves them all.
    let locks: SessionLocks?
    let logger: Logger

    /// Webhooks served at the same time, so one slow receiver does not hold up the others.
    static let concurrency = 8

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await sendDue()
                try? await Task.sleep(for: Self.pollInterval)
            }
        }
    }

    /// Attempts every due delivery once: each webhook's queue in order, stopping at its first
    /// failure (the rest wait for that one's retry), several webhooks at a time.
    func sendDue() async {
        do {
            let queues = try await store.queuesDue()
            await withTaskGroup(of: Void.self) { group in
                for (index, webhookId) in queues.enumerated() {
                    if index >= Self.concurrency { await group.next() }
                    group.addTask { await serve(webhookId) }
                }
            }
        } catch {
            logger.warning("Webhook deliveries could not be processed", metadata: ["error": "\(error)"])
        }
    }

    /// Sends a webhook's due deliveries in order, while this server holds its queue.
    private func serve(_ webhookId: UUID) async {
        let lock = "webhook:" + webhookId.text
        do {
            if let locks, try await !locks.take(lock) { return }
            // Read once the queue is held: another server may have sent some meanwhile.
            for delivery in try await store.due(webhookId: webhookId) {
                if let locks, await !locks.holds(lock) { break }
                guard await deliver(delivery) else { break }
            }
        } catch {
            logger.warning("A webhook's deliveries could not be processed", metadata: ["webhook": "\(webhookId)", "error": "\(error)"])
        }
        await locks?.release(lock)
    }

    /// Attempts one delivery and records the outcome; true when it was delivered.
    private func deliver(_ due: WebhookStore.DueDelivery) async -> Bool {
        logger.debug("Sending webhook delivery", metadata: ["delivery": "\(due.delivery.id.text)"])
        let outcome = await attempt(due)
        do {
            try await store.record(due.delivery.id, delivered: outcome.delivered, statusCode: outcome.statusCode, error: outcome.error)
        } catch {
            logger.warning("A webhook delivery could not be recorded", metadata: ["error": "\(error)"])
            return false
        }
        logger.debug("Recorded webhook delivery", metadata: ["delivery": "\(due.delivery.id.text)", "delivered": "\(outcome.delivered)"])
        return outcome.delivered
    }

    private func attempt(_ due: WebhookStore.DueDelivery) async -> (delivered: Bool, statusCode: Int?, error: String?) {
        let destination: OutboundDestination
        do {
            destination = try await OutboundDestination.resolve(due.url, allowLoopback: allowLoopback)
        } catch {
            return (false, nil, (error as? OutboundDestination.Refused)?.description ?? "host not found")
        }
        let client = destination.client()
        let outcome = await post(due, with: client)
        try? await client.shutdown()
        return outcome
    }

    private func post(_ due: WebhookStore.DueDelivery, with client: HTTPClient) async -> (delivered: Bool, statusCode: Int?, error: String?) {
        do {
            let secret = try box.open(due.sealedSecret)
            let timestamp = Int(clock.now.timeIntervalSince1970)
            var request = HTTPClientRequest(url: due.url)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "User-Agent", value: "Hearth-Webhook/1")
            request.headers.add(name: "X-Hearth-Event", value: due.delivery.event)
            request.headers.add(name: "X-Hearth-Delivery", value: due.delivery.id.text)
            request.headers.add(name: "X-Hearth-Signature", value: Self.signature(secret: secret, timestamp: timestamp, body: due.payload))
            request.body = .bytes(ByteBuffer(string: due.payload))
            let response = try await client.execute(request, timeout: Self.requestTimeout)
            let code = Int(response.status.code)
            return ((200..<300).contains(code), code, (200..<300).contains(code) ? nil : "HTTP \(code)")
        } catch {
            // The log shows what kind of failure it was, not the client's internals.
            return (false, nil, Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        let text = String(describing: error).lowercased()
        if text.contains("refused") { return "connection refused" }
        if text.contains("timeout") || text.contains("timed out") { return "timed out" }
        if text.contains("redirect") { return "redirects are not followed" }
        if text.contains("resolve") || text.contains("lookup") || text.contains("dns") { return "host not found" }
        return "could not connect"
    }

    /// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`: receivers
    /// recompute it to know the request came from this server and is fresh.
    static func signature(secret: String, timestamp: Int, body: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(timestamp).\(body)".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(timestamp),v1=" + mac.hexString
    }
}
