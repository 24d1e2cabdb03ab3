import Foundation

/// The group of people that owns all shared data (inventory, lists).
public struct Household: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, name: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A member as shown on the household page.
public struct HouseholdMember: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    public var email: String
    public var joinedAt: Date

    public init(id: UUID, name: String, email: String, joinedAt: Date) {
        self.id = id
        self.name = name
        self.email = email
        self.joinedAt = joinedAt
    }
}
