import Foundation
import HearthCore

/// A `users` row as stored (without the password hash). Mapped to ``User`` before it leaves the store.
struct UserRecord: Decodable {
    let id: UUID
    let householdId: UUID
    let name: String
    let email: String
    let theme: String
    let accent: String
    let timeZone: String
    let inventoryLockMinutes: Int?
    let createdAt: Date
    let updatedAt: Date

    static let columns = ["id", "household_id", "name", "email", "theme", "accent", "time_zone", "inventory_lock_minutes",
                          "created_at", "updated_at"]

    var user: User {
        User(
            id: id, householdId: householdId, name: name, email: email,
            appearance: Appearance(theme: Theme(rawValue: theme) ?? .system, accent: Accent(rawValue: accent) ?? .tomato),
            timeZone: timeZone, inventoryLock: InventoryLock(minutes: inventoryLockMinutes) ?? .off,
            createdAt: createdAt, updatedAt: updatedAt
        )
    }
}

/// A `households` row.
struct HouseholdRecord: Decodable {
    let id: UUID
    let name: String
    let createdAt: Date
    let updatedAt: Date

    var household: Household { Household(id: id, name: name, createdAt: createdAt, updatedAt: updatedAt) }
}

/// An `api_tokens` row without its hash.
struct APITokenRecord: Decodable {
    let id: UUID
    let userId: UUID
    let name: String
    let createdAt: Date
    let lastUsedAt: Date?

    var token: APIToken { APIToken(id: id, userId: userId, name: name, createdAt: createdAt, lastUsedAt: lastUsedAt) }
}

/// An `invites` row without its hash.
struct InviteRecord: Decodable {
    let id: UUID
    let householdId: UUID
    let createdBy: UUID
    let createdAt: Date
    let expiresAt: Date
    let usedAt: Date?

    var invite: Invite {
        Invite(id: id, householdId: householdId, createdBy: createdBy, createdAt: createdAt, expiresAt: expiresAt, usedAt: usedAt)
    }
}
