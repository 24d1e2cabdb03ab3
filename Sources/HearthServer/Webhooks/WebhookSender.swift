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
/// (10 s, 1 min, 5 min, 30 min, 2 h), each attempt recorded in the delivery log.
struct WebhookSender: Service {
    static let pollInterval: Duration = .seconds(1)
    static let requestTimeout: TimeAmount = .seconds(10)

    let store: WebhookStore
    let box: SecretBox
    let clock: any WallClock
    let logger: Logger

    /// Deliveries sent at the same time, so one slow receiver does not hold up the others.
    static let concurrency = 8

    func run() async throws {
        // Its own client: redirects are not followed, so a webhook cannot be bounced to another address.
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5)))
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await sendDue(with: client)
                try? await Task.sleep(for: Self.pollInterval)
            }
        }
        try await client.shutdown()
    }

    /// Attempts every due delivery once, several at a time.
    func sendDue(with client: HTTPClient) async {
        do {
            let due = try await store.due()
            await withTaskGroup(of: Void.self) { group in
                for (index, delivery) in due.enumerated() {
                    if index >= Self.concurrency { await group.next() }
                    group.addTask { await deliver(delivery, with: client) }
                }
            }
        } catch {
            logger.warning("Webhook deliveries could not be processed", metadata: ["error": "\(error)"])
        }
    }

    private func deliver(_ due: WebhookStore.DueDelivery, with client: HTTPClient) async {
        let outcome = await attempt(due, with: client)
        do {
            try await store.record(due.delivery.id, delivered: outcome.delivered, statusCode: outcome.statusCode, error: outcome.error)
        } catch {
            logger.warning("A webhook delivery could not be recorded", metadata: ["error": "\(error)"])
        }
    }

    private func attempt(_ due: WebhookStore.DueDelivery, with client: HTTPClient) async -> (delivered: Bool, statusCode: Int?, error: String?) {
        do {
            let secret = try box.open(due.sealedSecret)
            let timestamp = Int(clock.now.timeIntervalSince1970)
            var request = HTTPClientRequest(url: due.url)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "User-Agent", value: "Hearth-Webhook/1")
            request.headers.add(name: "X-Hearth-Event", value: due.delivery.event)
            request.headers.add(name: "X-Hearth-Delivery", value: due.delivery.id.uuidString)
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
        return "t=\(timestamp),v1=" + mac.map { String(format: "%02x", $0) }.joined()
    }
}
