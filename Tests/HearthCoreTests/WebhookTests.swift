import Foundation
import Testing
@testable import HearthCore

@Suite struct WebhookTests {
    @Test(arguments: ["https://example.org/hook", "http://192.168.1.5:8123/api/webhook/hearth"])
    func httpAddressesAreAccepted(url: String) throws {
        #expect(try Webhook.validatedURL(" \(url) ") == url)
    }

    @Test(arguments: ["ftp://example.org", "example.org/hook", "https://", "https://user:pw@example.org/", "javascript:alert(1)", "http://169.254.169.254/latest/meta-data"])
    func otherAddressesAreRefused(url: String) {
        #expect(throws: WebhookError.invalidURL(url)) { try Webhook.validatedURL(url) }
    }

    @Test func retriesBackOffAndStopAfterFiveRetries() {
        let now = Date(timeIntervalSince1970: 0)
        #expect(WebhookDelivery.nextAttempt(after: 1, at: now) == now + 10)
        #expect(WebhookDelivery.nextAttempt(after: 5, at: now) == now + 7200)
        #expect(WebhookDelivery.nextAttempt(after: 6, at: now) == nil)
    }

    @Test func anEmptyEventSetMeansEverything() {
        let all = Webhook(id: UUID(), userId: UUID(), url: "https://x.org", events: [], createdAt: Date())
        let alarms = Webhook(id: UUID(), userId: UUID(), url: "https://x.org", events: [.alarm], createdAt: Date())
        #expect(all.wants(.phaseStarted))
        #expect(alarms.wants(.alarm) && !alarms.wants(.paused))
    }
}
