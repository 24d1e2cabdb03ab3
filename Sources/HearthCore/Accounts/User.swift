import Foundation

/// A person with an account. Belongs to exactly one household.
public struct User: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var householdId: UUID
    public var name: String
    public var email: String
    public var appearance: Appearance
    /// IANA time zone identifier that decides what "today" means for this user.
    public var timeZone: String
    /// When the Inventory, its reports and Backups lock themselves.
    public var inventoryLock: InventoryLock
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID, householdId: UUID, name: String, email: String,
        appearance: Appearance = .init(), timeZone: String = "UTC", inventoryLock: InventoryLock = .off,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.householdId = householdId
        self.name = name
        self.email = email
        self.appearance = appearance
        self.timeZone = timeZone
        self.inventoryLock = inventoryLock
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension User {
    /// The user's time zone (UTC if the stored identifier is unknown).
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")! }
}
