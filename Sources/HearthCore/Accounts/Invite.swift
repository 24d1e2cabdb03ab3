import Foundation

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

    /// Why a member of `householdId` cannot use this invite at `now`, or nil when they can.
    public func problem(forMemberOf householdId: UUID, at now: Date) -> AccountError? {
        if usedAt != nil { return .inviteUsed }
        if now >= expiresAt { return .inviteExpired }
        if householdId == self.householdId { return .alreadyMember }
        return nil
    }
}
