import Foundation

/// A URL a user asked Hearth to POST their timer events to.
public struct Webhook: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var userId: UUID
    public var url: String
    /// The events to send; empty means all of them.
    public var events: Set<TimerEvent.Kind>
    public var createdAt: Date

    public init(id: UUID, userId: UUID, url: String, events: Set<TimerEvent.Kind>, createdAt: Date) {
        self.id = id
        self.userId = userId
        self.url = url
        self.events = events
        self.createdAt = createdAt
    }

    /// Whether this webhook wants `kind`.
    public func wants(_ kind: TimerEvent.Kind) -> Bool { events.isEmpty || events.contains(kind) }

    /// Checks a URL people type: http or https, with a host, at most 2,000 characters, and refuses
    /// the obvious spellings of link-local and cloud metadata addresses. Where the host really goes
    /// is checked after name resolution, when the webhook is saved and on every delivery
    /// (``NetworkAddress/refusal(allowLoopback:)``).
    public static func validatedURL(_ raw: String) throws(WebhookError) -> String {
        let url = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard url.count <= 2000, let components = URLComponents(string: url),
              let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.host?.lowercased(), !host.isEmpty, components.user == nil,
              !host.hasPrefix("169.254."), !host.hasPrefix("fe80:"), !host.hasPrefix("[fe80:"),
              !["metadata.google.internal", "metadata.google.internal."].contains(host)
        else { throw .invalidURL(raw) }
        return url
    }
}

/// One attempt-tracked delivery of an event to a webhook.
public struct WebhookDelivery: Sendable, Equatable, Identifiable {
    public enum Status: String, Sendable, Codable {
        case pending, delivered, failed
    }

    public var id: UUID
    public var webhookId: UUID
    public var event: String
    public var status: Status
    public var attempts: Int
    public var nextAttemptAt: Date?
    public var lastStatusCode: Int?
    public var lastError: String?
    public var createdAt: Date

    public init(id: UUID, webhookId: UUID, event: String, status: Status, attempts: Int, nextAttemptAt: Date?,
                lastStatusCode: Int?, lastError: String?, createdAt: Date) {
        self.id = id
        self.webhookId = webhookId
        self.event = event
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastStatusCode = lastStatusCode
        self.lastError = lastError
        self.createdAt = createdAt
    }

    /// Waits between attempts: the first retry after 10 seconds, the last after 2 hours; then it fails.
    public static let retryDelays: [TimeInterval] = [10, 60, 300, 1800, 7200]

    /// When to try again after `attempts` failed attempts, or nil to give up.
    public static func nextAttempt(after attempts: Int, at now: Date) -> Date? {
        guard attempts >= 1, attempts <= retryDelays.count else { return nil }
        return now + retryDelays[attempts - 1]
    }
}

/// Why a webhook could not be saved.
public enum WebhookError: Error, Equatable, Sendable {
    case invalidURL(String)
    /// The address resolves somewhere webhooks may not go (the reason says where).
    case refusedAddress(String, reason: String)
    case tooMany(maximum: Int)
    case notFound
    /// A client's id that something else already has.
    case idConflict

    public var message: String {
        switch self {
        case .invalidURL(let url): "“\(url)” is not an http:// or https:// address."
        case .refusedAddress(let url, let reason): "“\(url)” points to \(reason), where webhooks may not go."
        case .tooMany(let maximum): "You can have at most \(maximum) webhooks."
        case .notFound: "No such webhook."
        case .idConflict: "This id is already used by something else."
        }
    }
}
