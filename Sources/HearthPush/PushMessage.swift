import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore

/// One push message for one subscription, with the headers RFC 8030 gives the push service.
public struct PushMessage: Sendable {
    /// How soon the push service should wake the device (RFC 8030 §5.3).
    public enum Urgency: String, Sendable {
        case veryLow = "very-low", low, normal, high
    }

    public var endpoint: String
    public var p256dh: String
    public var auth: String
    /// The JSON the service worker reads.
    public var payload: Data
    /// Seconds the push service keeps the message for a device that is offline.
    public var timeToLive: Int
    public var urgency: Urgency
    /// A message with the same topic replaces one not yet delivered (at most 32 base64url
    /// characters: ``topic(for:)`` makes one of any name).
    public var topic: String?

    public init(endpoint: String, p256dh: String, auth: String, payload: Data, timeToLive: Int, urgency: Urgency, topic: String?) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.payload = payload
        self.timeToLive = timeToLive
        self.urgency = urgency
        self.topic = topic
    }

    /// A topic for `name`: the name itself when it is short and URL-safe, else 32 characters of its SHA-256.
    public static func topic(for name: String) -> String {
        let safe = name.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        return safe && (1...32).contains(name.utf8.count) ? name : String(Base64URL.encode(Data(SHA256.hash(data: Data(name.utf8)))).prefix(32))
    }

    /// The encrypted, signed request to the subscription's push service.
    public func request(key: VAPIDKey, contact: String, now: Date = Date()) async throws -> HTTPClientRequest {
        guard let url = URL(string: endpoint) else { throw VAPIDError.endpointWithoutOrigin }
        let body = try PushEncryption(p256dh: p256dh, auth: auth).seal(payload)
        guard body.count <= PushEncryption.maximumBodySize else { throw PushEncryptionError.tooLarge }
        var request = HTTPClientRequest(url: endpoint)
        request.method = .POST
        request.headers.add(name: "Authorization", value: try await key.authorization(for: url, contact: contact, now: now))
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "TTL", value: String(timeToLive))
        request.headers.add(name: "Urgency", value: urgency.rawValue)
        if let topic { request.headers.add(name: "Topic", value: topic) }
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }
}

/// What a push service's answer means for the message and its subscription.
public enum PushOutcome: Equatable, Sendable {
    case delivered
    /// The subscription has expired or was withdrawn (404, 410): forget it.
    case gone
    /// Try again, not sooner than `after` seconds when the service said so (429, 5xx).
    case retry(after: TimeInterval?)
    /// The service refused this message (400, 401, 403, 413, ...): sending it again will not help.
    case refused

    public init(status: Int, retryAfter: String?) {
        switch status {
        case 200..<300: self = .delivered
        case 404, 410: self = .gone
        case 429, 500..<600: self = .retry(after: retryAfter.flatMap { Self.seconds(in: $0) })
        default: self = .refused
        }
    }

    /// `Retry-After` as seconds or as an HTTP date (RFC 9110 §10.2.3).
    static func seconds(in header: String, now: Date = Date()) -> TimeInterval? {
        let text = header.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return TimeInterval(max(0, seconds)) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: text).map { max(0, $0.timeIntervalSince(now)) }
    }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
