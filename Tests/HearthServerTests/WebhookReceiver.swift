import Foundation
import Hummingbird
import HummingbirdTesting

/// A real HTTP endpoint that records what it receives.
actor Receiver {
    struct Hit: Sendable {
        let event: String
        let signature: String
        let body: String
    }
    var hits: [Hit] = []
    var status: HTTPResponse.Status = .noContent

    func record(_ hit: Hit) -> HTTPResponse.Status {
        hits.append(hit)
        return status
    }

    func fail() { status = .internalServerError }
}

/// Runs `body` with a live receiver on a free port.
func withWebhookReceiver(_ body: @escaping @Sendable (Receiver, Int) async throws -> Void) async throws {
    let receiver = Receiver()
    let router = Router()
    router.post("/hook") { request, context -> Response in
        var request = request
        let text = String(buffer: try await request.collectBody(upTo: 1 << 20))
        let status = await receiver.record(.init(event: request.headers[.init("X-Hearth-Event")!] ?? "",
                                                 signature: request.headers[.init("X-Hearth-Signature")!] ?? "", body: text))
        return Response(status: status)
    }
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in try await body(receiver, client.port!) }
}

/// Polls `condition` for up to five seconds.
func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    for _ in 0..<100 {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(50))
    }
    return false
}

