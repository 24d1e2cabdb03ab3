import Crypto
import Foundation
import HearthCore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite(.serialized) struct WebhookDeliveryTests {
    @Test func timerEventsArePostedWithAValidSignature() async throws {
        try await withWebhookReceiver { receiver, port in
            try await withApp { client in
                // Setup: an account with a webhook for phase starts.
                let api = APIClient(client: client)
                let token = try await api.signUp(email: "ada@example.org")
                let user = WebUser(client)
                try await user.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
                let page = try await user.post("/settings/webhooks", ["url": "http://127.0.0.1:\(port)/hook", "events[]": "phaseStarted"])
                let secret = String(try #require(page.text.firstMatch(of: /id="webhook-secret">(whsec_[A-Za-z0-9_-]+)</)?.1))
                // Act
                _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
                // Check
                #expect(try await eventually { await !receiver.hits.isEmpty })
                let hit = try #require(await receiver.hits.first)
                #expect(hit.event == "phaseStarted")
                #expect(hit.body.contains(#""type":"phaseStarted""#))
                let timestamp = Int(hit.signature.split(separator: ",")[0].dropFirst(2)) ?? 0
                #expect(hit.signature == WebhookSender.signature(secret: secret, timestamp: timestamp, body: hit.body))
                let mac = HMAC<SHA256>.authenticationCode(for: Data("\(timestamp).\(hit.body)".utf8), using: SymmetricKey(data: Data(secret.utf8)))
                #expect(hit.signature.hasSuffix(mac.map { String(format: "%02x", $0) }.joined()))
                // Pausing is not subscribed: nothing more arrives.
                _ = try await api.send(.post, "/api/v1/focus/timer/pause", token: token)
                try await Task.sleep(for: .milliseconds(1500))
                #expect(await receiver.hits.count == 1)
            }
        }
    }

    @Test func aFailedDeliveryIsLoggedForRetry() async throws {
        try await withWebhookReceiver { receiver, port in
            await receiver.fail()
            try await withApp { client in
                let api = APIClient(client: client)
                let token = try await api.signUp(email: "ada@example.org")
                let user = WebUser(client)
                try await user.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
                try await user.post("/settings/webhooks", ["url": "http://127.0.0.1:\(port)/hook"])
                _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
                #expect(try await eventually { await !receiver.hits.isEmpty })
                #expect(try await eventually { try await user.get("/settings/webhooks").text.contains("HTTP 500") })
                let log = try await user.get("/settings/webhooks").text
                #expect(log.contains("pending"))
                #expect(log.contains("next "))
            }
        }
    }

    @Test func aWebhookNeedsAnHTTPAddress() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let response = try await user.post("/settings/webhooks", ["url": "file:///etc/passwd"])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("is not an http:// or https:// address"))
        }
    }

    @Test(arguments: ["http://2852039166/", "http://0xA9FEA9FE/latest", "http://[::ffff:169.254.169.254]/", "http://metadata.google.internal./",
                      "http://127.0.0.1:9/hook", "http://[::1]/hook", "http://0/"])
    func anAddressThatResolvesWhereWebhooksMayNotGoIsRefused(url: String) async throws {
        try await withApp(configure: { $0.allowLoopbackTargets = false }) { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let response = try await user.post("/settings/webhooks", ["url": url])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("where webhooks may not go") || response.text.contains("is not an http:// or https:// address"))
            #expect(try await user.get("/settings/webhooks").text.contains("No webhooks yet."))
        }
    }

    @Test func everyDeliveryChecksTheAddressItConnectsTo() async throws {
        for (url, allowLoopback) in [("http://0xA9FEA9FE/", true), ("http://127.0.0.1:8123/hook", false), ("http://[::ffff:a9fe:a9fe]/", true)] {
            let refused = await #expect(throws: OutboundDestination.Refused.self) {
                try await OutboundDestination.resolve(url, allowLoopback: allowLoopback)
            }
            #expect(refused?.reason != nil, "\(url): refused for where it goes, not as not found")
        }
        let local = try await OutboundDestination.resolve("http://127.0.0.1:8123/hook", allowLoopback: true)
        #expect(local.address.description == "127.0.0.1")
        let home = try await OutboundDestination.resolve("http://192.168.1.5:8123/hook", allowLoopback: false)
        #expect(home.host == "192.168.1.5")
    }
}
