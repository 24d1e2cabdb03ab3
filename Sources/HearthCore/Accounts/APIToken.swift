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
