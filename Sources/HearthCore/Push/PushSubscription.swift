import Foundation

/// A browser that receives a person's pushes: its push service endpoint and keys (from
/// `PushSubscription.toJSON()`), a name for the device, and how its last push went.
public struct PushSubscription: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var userId: UUID
    public var endpoint: String
    public var p256dh: String
    public var auth: String
    public var name: String?
    public var createdAt: Date
    public var lastPushAt: Date?
    public var lastStatusCode: Int?
    public var lastError: String?

    public init(id: UUID, userId: UUID, endpoint: String, p256dh: String, auth: String, name: String?, createdAt: Date,
                lastPushAt: Date? = nil, lastStatusCode: Int? = nil, lastError: String? = nil) {
        self.id = id
        self.userId = userId
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.name = name
        self.createdAt = createdAt
        self.lastPushAt = lastPushAt
        self.lastStatusCode = lastStatusCode
        self.lastError = lastError
    }

    /// At most this many devices per person.
    public static let maximumPerUser = 20
    public static let maximumNameLength = 100

    /// A push service's endpoint as browsers give it: https (http only where this server may push to
    /// itself, for tests), with a host, at most 2,000 characters. Where it really goes is checked
    /// like a webhook's address, when it is saved and before every push.
    public static func validatedEndpoint(_ raw: String, allowPlainHTTP: Bool) throws(PushError) -> String {
        let endpoint = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let schemes = allowPlainHTTP ? ["https", "http"] : ["https"]
        guard endpoint.count <= 2000, let components = URLComponents(string: endpoint),
              let scheme = components.scheme?.lowercased(), schemes.contains(scheme),
              let host = components.host, !host.isEmpty, components.user == nil
        else { throw .invalidEndpoint }
        return endpoint
    }

    /// A device name: one line of at most ``maximumNameLength`` characters; blank means none.
    public static func validatedName(_ raw: String?) throws(PushError) -> String? {
        guard let raw else { return nil }
        do { return try TextRules.line(raw, maximumLength: maximumNameLength, allowEmpty: true).nilIfEmpty } catch {
            throw .invalidName(error.reason)
        }
    }
}

/// A push that did not go out, and why.
public enum PushError: Error, Equatable, Sendable {
    case invalidEndpoint
    case invalidKeys(String)
    case invalidName(String)
    /// The endpoint resolves somewhere pushes may not go.
    case refusedAddress(String, reason: String)
    case tooMany(maximum: Int)
    case notFound
    /// An action link that is damaged, expired, or not this server's.
    case invalidAction

    public var message: String {
        switch self {
        case .invalidEndpoint: "“endpoint” must be a push service's https:// address."
        case .invalidKeys(let reason): reason
        case .invalidName(let reason): "The device name \(reason)."
        case .refusedAddress(let url, let reason): "“\(url)” points to \(reason), where pushes may not go."
        case .tooMany(let maximum): "You can have at most \(maximum) devices with notifications. Remove one first."
        case .notFound: "No such device."
        case .invalidAction: "This notification's button has expired. Open Hearth to do it there."
        }
    }
}
