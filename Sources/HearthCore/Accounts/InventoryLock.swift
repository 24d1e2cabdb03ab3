import Foundation

/// The inventory's lock (the original app's Face ID lock), per account and off by default: the
/// Inventory, its reports and Backups show a lock screen that the password (or a passkey) opens,
/// while Focus and Lists stay open. It locks as soon as the app is hidden, or after some minutes
/// without use. A page behind the lock says when it is used (and, locking immediately, that it is
/// shown); the lock closes once nothing has been said for long enough.
public enum InventoryLock: Sendable, Equatable {
    case off
    /// When the app is hidden (another app, the phone locked, the tab closed) or reopened.
    case immediately
    /// After this many minutes without use.
    case afterIdle(minutes: Int)

    /// The idle times to choose from.
    public static let idleChoices = [1, 5, 15, 60]
    /// With ``immediately``, this long without a word from a shown page (which says so every 5 s;
    /// a hidden one says nothing) locks: the app was hidden or closed, whichever way, and nothing
    /// races a last word sent while leaving.
    public static let silenceLimit: TimeInterval = 15

    /// As stored: nil off, 0 immediately, else the idle minutes. Unknown values are nil.
    public init?(minutes: Int?) {
        switch minutes {
        case nil: self = .off
        case 0: self = .immediately
        case let minutes? where Self.idleChoices.contains(minutes): self = .afterIdle(minutes: minutes)
        default: return nil
        }
    }

    /// As stored: nil off, 0 immediately, else the idle minutes.
    public var minutes: Int? {
        switch self {
        case .off: nil
        case .immediately: 0
        case .afterIdle(let minutes): minutes
        }
    }

    /// Its name in the API, the CLI and forms: never, immediately, 1m, 5m, 15m or 60m.
    public var choice: String {
        switch self {
        case .off: "never"
        case .immediately: "immediately"
        case .afterIdle(let minutes): "\(minutes)m"
        }
    }

    /// Every choice, in the order a menu shows them.
    public static let choices: [InventoryLock] = [.off, .immediately] + idleChoices.map { .afterIdle(minutes: $0) }

    /// The lock named `choice` (see ``choice``); nil for another name.
    public init?(choice: String) {
        guard let found = Self.choices.first(where: { $0.choice == choice }) else { return nil }
        self = found
    }

    /// Whether a session whose locked pages were last used at `lastUse` (nil: locked) is locked at `now`.
    public func isLocked(lastUse: Date?, now: Date) -> Bool {
        guard let limit = idleLimit else { return false }
        guard let lastUse else { return true }
        return now.timeIntervalSince(lastUse) > limit
    }

    /// How long without use locks; nil when off.
    public var idleLimit: TimeInterval? {
        switch self {
        case .off: nil
        case .immediately: Self.silenceLimit
        case .afterIdle(let minutes): TimeInterval(minutes * 60)
        }
    }
}
