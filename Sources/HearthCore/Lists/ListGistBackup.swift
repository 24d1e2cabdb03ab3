import Foundation

/// An account's Gist backup of its household's shopping lists (the original app's GitHub Gist
/// backup): where it goes, how often, and how the last one went. The token and the passphrase
/// are never part of it.
public struct ListGistBackup: Sendable, Equatable {
    /// When backups are made besides Back up now.
    public enum Schedule: String, Sendable, CaseIterable, Codable {
        /// After the lists change, at most once every 10 minutes.
        case changes
        /// Once a night, when the lists changed.
        case nightly
        /// Only when asked.
        case manual

        /// How long after the last backup the next may be made.
        public var interval: TimeInterval? {
            switch self {
            case .changes: 600
            case .nightly: 23 * 3600
            case .manual: nil
            }
        }
    }

    public var accountId: UUID
    public var householdId: UUID
    /// The GitHub account the token belongs to.
    public var login: String
    /// The secret gist it writes (nil until the first backup).
    public var gistId: String?
    public var schedule: Schedule
    public var backedUpAt: Date?
    public var triedAt: Date?
    /// Why the last try failed (nil: it worked).
    public var error: String?
    /// The token was refused: nothing more is tried until it is connected again.
    public var stopped: Bool
    /// GitHub asked to wait until then (a rate limit).
    public var waitUntil: Date?

    public init(accountId: UUID, householdId: UUID, login: String, gistId: String?, schedule: Schedule, backedUpAt: Date?, triedAt: Date?,
                error: String?, stopped: Bool, waitUntil: Date?) {
        self.accountId = accountId
        self.householdId = householdId
        self.login = login
        self.gistId = gistId
        self.schedule = schedule
        self.backedUpAt = backedUpAt
        self.triedAt = triedAt
        self.error = error
        self.stopped = stopped
        self.waitUntil = waitUntil
    }

    /// The gist's description, by which it is found again (as the original app finds its own).
    public static func description(householdId: UUID) -> String {
        "Hearth shopping lists backup (household \(householdId.text.lowercased()))"
    }

    /// The encrypted lists in the gist, and the README beside them.
    public static let dataFile = "hearth-lists.json.enc"
    public static let readmeFile = "README.md"
}
