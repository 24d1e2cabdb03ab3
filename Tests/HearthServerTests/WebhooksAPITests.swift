import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Webhooks through the API, as through Settings → Webhooks: the secret once, the list without
/// it, the delivery log of one webhook, and nobody else's.
@Suite(.serialized) struct WebhooksAPITests {
    @Test func aWebhookMadeThroughTheAPIDeliversAndShowsItsLog() async throws {
        try await withWebhookReceiver { receiver, port in
            try await withApp { client in
                // Setup
                let api = APIClient(client: client)
                let token = try await api.signUp(email: "ada@example.org")
                // Act
                let created = try await api.send(.post, "/api/v1/webhooks", json: #"{"url":"http://127.0.0.1:\#(port)/hook","events":["phaseStarted"]}"#, token: token)
                // Check
                #expect(created.status == .created)
                let webhook = try created.json()
                let id = try #require(webhook["id"] as? String)
                #expect((webhook["secret"] as? String)?.hasPrefix("whsec_") == true)
                #expect(webhook["events"] as? [String] == ["phaseStarted"])
                let listed = try await api.send(.get, "/api/v1/webhooks", token: token).json()["webhooks"] as? [[String: Any]]
                #expect(listed?.map { $0["id"] as? String } == [id])
                #expect(listed?.first?["secret"] == nil, "the secret is shown once")

                _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
                #expect(try await eventually { await !receiver.hits.isEmpty })
                let delivered = try await eventually {
                    let log = try await api.send(.get, "/api/v1/webhooks/\(id)/deliveries", token: token).json()["deliveries"] as? [[String: Any]]
                    return log?.first?["status"] as? String == "delivered"
                }
                #expect(delivered)
                let log = try await api.send(.get, "/api/v1/webhooks/\(id)/deliveries", token: token).json()["deliveries"] as? [[String: Any]]
                #expect(log?.map { $0["event"] as? String } == ["phaseStarted"])
                #expect(log?.first?["lastStatusCode"] as? Int == 204)

                #expect(try await api.send(.delete, "/api/v1/webhooks/\(id)", token: token).status == .noContent)
                #expect(try await api.send(.get, "/api/v1/webhooks/\(id)/deliveries", token: token).status == .notFound)
                #expect((try await api.send(.get, "/api/v1/webhooks", token: token).json()["webhooks"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test func aWebhookSentAgainWithItsIdIsMadeOnceWithTheSameSecret() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let body = #"{"id":"\#(UUID().uuidString)","url":"http://127.0.0.1:9/hook"}"#
            let first = try await api.send(.post, "/api/v1/webhooks", json: body, token: token)
            let again = try await api.send(.post, "/api/v1/webhooks", json: body, token: token)
            #expect(first.status == .created && again.status == .ok)
            #expect(try first.json()["secret"] as? String == again.json()["secret"] as? String)
            #expect((try await api.send(.get, "/api/v1/webhooks", token: token).json()["webhooks"] as? [Any])?.count == 1)
        }
    }

    @Test func aBadAddressIsRefusedWithAReason() async throws {
        try await withApp(configure: { $0.allowLoopbackTargets = false }) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let ftp = try await api.send(.post, "/api/v1/webhooks", json: #"{"url":"ftp://example.org/x"}"#, token: token)
            #expect(ftp.status == .unprocessableContent)
            #expect(try ftp.json()["detail"] as? String == "“ftp://example.org/x” is not an http:// or https:// address.")
            let loopback = try await api.send(.post, "/api/v1/webhooks", json: #"{"url":"http://127.0.0.1:9/x"}"#, token: token)
            #expect(loopback.status == .unprocessableContent)
            #expect((try loopback.json()["detail"] as? String)?.contains("loopback") == true)
            #expect((try await api.send(.get, "/api/v1/webhooks", token: token).json()["webhooks"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func anotherPersonsWebhookIsNotFound() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let eve = try await api.signUp(name: "Eve", email: "eve@example.org")
            let id = try #require(try await api.send(.post, "/api/v1/webhooks", json: #"{"url":"http://127.0.0.1:9/x"}"#, token: ada).json()["id"] as? String)
            #expect(try await api.send(.get, "/api/v1/webhooks/\(id)/deliveries", token: eve).status == .notFound)
            #expect(try await api.send(.delete, "/api/v1/webhooks/\(id)", token: eve).status == .notFound)
            #expect((try await api.send(.get, "/api/v1/webhooks", token: eve).json()["webhooks"] as? [Any])?.isEmpty == true)
            #expect(try await api.send(.delete, "/api/v1/webhooks/\(id)", token: ada).status == .noContent)
        }
    }
}
