import Foundation

/// A notification as the service worker shows it: the JSON of a push message's payload.
public struct PushNotification: Sendable, Codable, Equatable {
    /// A button on the notification, performing `action` (a timer command's API name) through the
    /// sealed action link the server adds when it queues the push.
    public struct Action: Sendable, Codable, Equatable {
        public var action: String
        public var title: String
        public var link: String?

        public init(action: String, title: String, link: String? = nil) {
            self.action = action
            self.title = title
            self.link = link
        }
    }

    /// What the push is about, for the delivery log and the settings that switch it off.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case pomodoro, countdown, rest, cleared, warranty, maintenance, list, doNotDisturb, test
    }

    /// Given when it is queued: the same on every device, so a client can tell a push it got twice.
    public var id: UUID?
    public var kind: Kind
    public var title: String
    public var body: String
    /// Notifications with the same tag replace each other on a device (one per timer).
    public var tag: String
    /// The page a tap opens.
    public var url: String
    public var actions: [Action] = []
    /// An alarm: it stays until acted on, and rings again when it replaces an earlier one.
    public var requireInteraction = false
    public var renotify = false
    /// Shown without sound or vibration (a timer cleared on another device).
    public var silent = false
    /// Closes the tag's notification where the browser allows it, instead of showing this one.
    public var closes = false
    /// The number on the app's icon: 1 while a timer runs or rings, 0 to clear it; nil leaves it.
    public var badge: Int?

    public init(kind: Kind, title: String, body: String, tag: String, url: String) {
        self.kind = kind
        self.title = title
        self.body = body
        self.tag = tag
        self.url = url
    }

    /// The push service's urgency and how long it keeps the message for an offline device: a
    /// timer's end is worth waking a phone for, but not worth showing ten minutes late.
    public var isTimely: Bool {
        switch kind {
        case .pomodoro, .countdown, .rest, .cleared, .doNotDisturb: true
        case .warranty, .maintenance, .list, .test: false
        }
    }

    public var timeToLive: Int {
        switch kind {
        case .pomodoro, .countdown, .rest, .cleared, .doNotDisturb: 600
        case .test: 3600
        case .list: 6 * 3600
        case .warranty, .maintenance: 7 * 86_400
        }
    }
}
