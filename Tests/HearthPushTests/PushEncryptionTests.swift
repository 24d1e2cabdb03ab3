import Crypto
import Foundation
import Testing
@testable import HearthPush

struct PushEncryptionTests {
    // RFC 8291 Appendix A: published test data, not credentials.
    static let userAgentPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"

    @Test func sealsTheExampleOfRFC8291ByteForByte() throws {
        let serverKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: Base64URL.decode("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")!)
        let body = try PushEncryption(p256dh: Self.userAgentPublic, auth: Self.authSecret)
            .seal(Data("When I grow up, I want to be a watermelon".utf8), serverKey: serverKey,
                  salt: Base64URL.decode("DGv6ra1nlYgDCS1FRnbzlw")!)
        #expect(Base64URL.encode(body) == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test func everyMessageHasItsOwnSaltAndKey() throws {
        let encryption = try PushEncryption(p256dh: Self.userAgentPublic, auth: Self.authSecret)
        let first = try encryption.seal(Data("same".utf8)), second = try encryption.seal(Data("same".utf8))
        #expect(first.prefix(16) != second.prefix(16))
        #expect(first.dropFirst(21).prefix(65) != second.dropFirst(21).prefix(65))
        #expect(first.count == 16 + 4 + 1 + 65 + 4 + 1 + 16)
    }

    @Test func refusesKeysThatAreNotABrowsersKeys() {
        #expect(throws: PushEncryptionError.invalidKey) { try PushEncryption(p256dh: "AAAA", auth: Self.authSecret) }
        // 65 bytes, but not a point on the curve.
        #expect(throws: PushEncryptionError.invalidKey) {
            try PushEncryption(p256dh: Base64URL.encode(Data([4] + [UInt8](repeating: 1, count: 64))), auth: Self.authSecret)
        }
        #expect(throws: PushEncryptionError.invalidAuthSecret) { try PushEncryption(p256dh: Self.userAgentPublic, auth: "c2hvcnQ") }
    }

    @Test func readsRetryAfterAsSecondsOrADate() {
        #expect(PushOutcome(status: 429, retryAfter: "120") == .retry(after: 120))
        #expect(PushOutcome(status: 503, retryAfter: nil) == .retry(after: nil))
        #expect(PushOutcome(status: 410, retryAfter: nil) == .gone)
        #expect(PushOutcome(status: 404, retryAfter: nil) == .gone)
        #expect(PushOutcome(status: 201, retryAfter: nil) == .delivered)
        #expect(PushOutcome(status: 413, retryAfter: nil) == .refused)
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(PushOutcome.seconds(in: "Wed, 21 Oct 2015 07:28:30 GMT", now: now) == 30)
    }
}

struct PushTopicTests {
    @Test func aTopicIsAtMost32URLSafeCharacters() {
        #expect(PushMessage.topic(for: "timer") == "timer")
        #expect(PushMessage.topic(for: "warranty-30") == "warranty-30")
        let list = PushMessage.topic(for: "list-\(UUID().uuidString)")
        #expect(list.count == 32 && Base64URL.decode(list) != nil && !list.contains("="))
        #expect(list != PushMessage.topic(for: "list-\(UUID().uuidString)"))
        #expect(PushMessage.topic(for: "a b").count == 32)
    }
}
