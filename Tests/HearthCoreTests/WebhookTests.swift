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

@Suite struct NetworkAddressTests {
    static func v4(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> NetworkAddress { NetworkAddress(bytes: [a, b, c, d])! }
    static func v6(_ groups: [UInt16]) -> NetworkAddress { NetworkAddress(bytes: groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })! }

    @Test func homeNetworkAndPublicAddressesAreAllowed() {
        for address in [Self.v4(192, 168, 1, 5), Self.v4(10, 0, 0, 2), Self.v4(172, 16, 3, 4), Self.v4(93, 184, 216, 34),
                        Self.v4(100, 101, 2, 3), Self.v6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]), Self.v6([0xfd12, 0, 0, 0, 0, 0, 0, 1])] {
            #expect(address.refusal(allowLoopback: false) == nil, "\(address)")
        }
    }

    @Test func metadataLinkLocalAndSpecialAddressesAreRefused() {
        let refused = [
            Self.v4(169, 254, 169, 254), Self.v4(0, 0, 0, 0), Self.v4(224, 0, 0, 1), Self.v4(255, 255, 255, 255),
            Self.v4(100, 100, 100, 200),
            Self.v6([0, 0, 0, 0, 0, 0xffff, 0xa9fe, 0xa9fe]), // ::ffff:169.254.169.254
            Self.v6([0x64, 0xff9b, 0, 0, 0, 0, 0xa9fe, 0xa9fe]), // NAT64 of the metadata address
            Self.v6([0x2002, 0xa9fe, 0xa9fe, 0, 0, 0, 0, 1]), // 6to4 of it
            Self.v6([0xfe80, 0, 0, 0, 0, 0, 0, 1]), Self.v6([0xff02, 0, 0, 0, 0, 0, 0, 1]), Self.v6([0, 0, 0, 0, 0, 0, 0, 0]),
            Self.v6([0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254]),
        ]
        for address in refused {
            #expect(address.refusal(allowLoopback: true) != nil, "\(address)")
        }
    }

    @Test func loopbackOnlyWhenAllowed() {
        for address in [Self.v4(127, 0, 0, 1), Self.v4(127, 1, 2, 3), Self.v6([0, 0, 0, 0, 0, 0, 0, 1]), Self.v6([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1])] {
            #expect(address.refusal(allowLoopback: false) == "this server itself (loopback)", "\(address)")
            #expect(address.refusal(allowLoopback: true) == nil, "\(address)")
        }
    }
}
