import Foundation

/// A named bearer token a user created for the CLI or automation. Only its hash is stored.
public struct APIToken: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var userId: UUID
    public var name: String
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(id: UUID, userId: UUID, name: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.userId = userId
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A single-use link that lets a logged-in person join a household.
public struct Invite: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var householdId: UUID
    public var createdBy: UUID
    public var createdAt: Date
    public var expiresAt: Date
    public var usedAt: Date?

    public init(id: UUID, householdId: UUID, createdBy: UUID, createdAt: Date, expiresAt: Date, usedAt: Date? = nil) {
        self.id = id
        self.householdId = householdId
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }

    /// How long an invite stays valid.
    public static let lifetime: TimeInterval = 7 * 24 * 3600

    /// Whether the invite can still be used at `now`.
    public func isUsable(at now: Date) -> Bool {
        usedAt == nil && now < expiresAt
    }
}
