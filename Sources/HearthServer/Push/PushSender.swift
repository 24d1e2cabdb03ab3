import AsyncHTTPClient
import Foundation
import HearthCore
import HearthPush
import HearthStore
import Logging
import NIOCore
import ServiceLifecycle

/// Sends queued pushes as soon as they are queued (the ``Doorbell``), and every second looks for
/// what is due: retries, and pushes queued by a server that stopped before sending them. Each
/// push is claimed in the database first, so one server of a cluster sends it; a server that dies
/// between claiming and recording lets the claim lapse, and another sends it (at least once). A
/// device's pushes of one look go out in the order they were queued (a retry comes later);
/// devices are served side by side. Every attempt is recorded on
/// the push and its device, and logged. A server that stops finishes the pushes it is sending
/// (cut off halfway, they would only be sent again a minute later, by the next server to look).
struct PushSender: Service {
    static let pollInterval: Duration = .seconds(1)
    static let requestTimeout: TimeAmount = .seconds(10)
    /// Devices served at the same time, so one slow push service does not hold up the others.
    static let concurrency = 8

    let store: PushStore
    let key: VAPIDKey
    let contact: String
    let doorbell: Doorbell
    let clock: any WallClock
    /// Whether pushes may go to this machine itself (`HEARTH_ALLOW_LOOPBACK_TARGETS`).
    let allowLoopback: Bool
    let logger: Logger

    func run() async throws {
        await withGracefulShutdownHandler {
            var lastPrune = Date.distantPast
            while await !doorbell.stopped, !Task.isCancelled {
                await sendDue()
                if clock.now.timeIntervalSince(lastPrune) > 3600 {
                    try? await store.pruneLog()
                    lastPrune = clock.now
                }
                await doorbell.wait(atMost: Self.pollInterval)
            }
        } onGracefulShutdown: {
            Task { await doorbell.stop() }
        }
    }

    /// Claims and sends everything due, until nothing is (or the server stops).
    func sendDue() async {
        do {
            while await !doorbell.stopped {
                let due = try await store.claimDue()
                if due.isEmpty { return }
                let byDevice = Dictionary(grouping: due, by: \.subscription.id).values.map { $0 }
                await withTaskGroup(of: Void.self) { group in
                    for (index, pushes) in byDevice.enumerated() {
                        if index >= Self.concurrency { await group.next() }
                        group.addTask { for push in pushes { await send(push) } }
                    }
                }
            }
        } catch {
            logger.warning("Pushes could not be processed", metadata: ["error": "\(error)"])
        }
    }

    private func send(_ push: PushStore.DuePush) async {
        let attempt = await attempt(push)
        let metadata: Logger.Metadata = ["device": "\(push.subscription.id.text)", "push": "\(push.id.text)", "kind": "\(push.kind)",
                                         "attempt": "\(push.attempts)", "outcome": "\(attempt)"]
        switch attempt {
        case .delivered: logger.info("Push delivered", metadata: metadata)
        case .gone: logger.info("Push service says the device unsubscribed; forgetting it", metadata: metadata)
        case .retry, .failed: logger.warning("Push not delivered", metadata: metadata)
        }
        do {
            try await store.record(push, attempt)
        } catch {
            logger.warning("A push attempt could not be recorded", metadata: ["push": "\(push.id.text)", "error": "\(error)"])
        }
    }

    private func attempt(_ push: PushStore.DuePush) async -> PushStore.Attempt {
        guard clock.now < push.expiresAt else { return .failed(statusCode: nil, error: "expired before it could be sent") }
        let destination: OutboundDestination
        do {
            destination = try await OutboundDestination.resolve(push.subscription.endpoint, allowLoopback: allowLoopback,
                                                                allowPrivateNetworks: allowLoopback)
        } catch let refused as OutboundDestination.Refused where refused.reason != nil {
            return .failed(statusCode: nil, error: refused.description)
        } catch {
            return .retry(statusCode: nil, error: "host not found", notBefore: nil)
        }
        let message = PushMessage(
            endpoint: push.subscription.endpoint, p256dh: push.subscription.p256dh, auth: push.subscription.auth,
            payload: Data(push.payload.utf8), timeToLive: max(0, Int(push.expiresAt.timeIntervalSince(clock.now))),
            urgency: push.timely ? .high : .normal, topic: push.topic)
        let client = destination.client()
        let outcome = await post(message, with: client)
        try? await client.shutdown()
        return outcome
    }

    private func post(_ message: PushMessage, with client: HTTPClient) async -> PushStore.Attempt {
        do {
            let request = try await message.request(key: key, contact: contact, now: clock.now)
            let response = try await client.execute(request, timeout: Self.requestTimeout)
            // The answer's body is not needed; drain at most a little of it so the connection closes cleanly.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            let code = Int(response.status.code)
            switch PushOutcome(status: code, retryAfter: response.headers.first(name: "Retry-After")) {
            case .delivered: return .delivered(statusCode: code)
            case .gone: return .gone(statusCode: code)
            case .retry(let after): return .retry(statusCode: code, error: "HTTP \(code)", notBefore: after)
            case .refused: return .failed(statusCode: code, error: "HTTP \(code)")
            }
        } catch let error as PushEncryptionError {
            return .failed(statusCode: nil, error: error.message)
        } catch {
            return .retry(statusCode: nil, error: WebhookSender.describe(error), notBefore: nil)
        }
    }
}
