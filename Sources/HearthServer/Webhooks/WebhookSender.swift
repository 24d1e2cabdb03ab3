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

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await sendDue()
                try? await Task.sleep(for: Self.pollInterval)
            }
        }
    }

    /// Attempts every due delivery once.
    func sendDue() async {
        do {
            for due in try await store.due() {
                let outcome = await attempt(due)
                try await store.record(due.delivery.id, delivered: outcome.delivered, statusCode: outcome.statusCode, error: outcome.error)
            }
        } catch {
            logger.warning("Webhook deliveries could not be processed", metadata: ["error": "\(error)"])
        }
    }

    private func attempt(_ due: WebhookStore.DueDelivery) async -> (delivered: Bool, statusCode: Int?, error: String?) {
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
            let response = try await HTTPClient.shared.execute(request, timeout: Self.requestTimeout)
            let code = Int(response.status.code)
            return ((200..<300).contains(code), code, (200..<300).contains(code) ? nil : "HTTP \(code)")
        } catch {
            return (false, nil, String(describing: error))
        }
    }

    /// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`: receivers
    /// recompute it to know the request came from this server and is fresh.
    static func signature(secret: String, timestamp: Int, body: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(timestamp).\(body)".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(timestamp),v1=" + mac.map { String(format: "%02x", $0) }.joined()
    }
}
