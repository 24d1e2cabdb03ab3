import Foundation

/// What a change in the sync feed is about: each has its REST representation, which the feed
/// carries as the change's data.
public enum SyncEntity: String, Sendable, CaseIterable, Codable {
    case list
    case listItem
    case inventoryItem
    case room
    case category
    case receipt
    case photo
    case claim
    case focusSettings
    case accountSettings
    case focusSession
    case timer

    /// Whether only the account it belongs to sees it (its Focus and appearance), rather than
    /// everyone in the household.
    public var isPersonal: Bool {
        switch self {
        case .focusSettings, .accountSettings, .focusSession, .timer: true
        default: false
        }
    }
}

/// One entry of the feed: an entity that changed, at its version (a number that only grows
/// within a household, in the order the changes were committed).
public struct SyncChange: Sendable, Equatable {
    public let entity: SyncEntity
    public let id: UUID
    public let version: Int64
    public let changedAt: Date

    public init(entity: SyncEntity, id: UUID, version: Int64, changedAt: Date) {
        self.entity = entity
        self.id = id
        self.version = version
        self.changedAt = changedAt
    }
}
