import Foundation
import HearthCore
import SQLKit

/// Where a session's inventory lock stands (see ``InventoryLock``): read fresh on every request to
/// a locked page, never cached, since another server of a cluster may have opened or locked it.
extension CredentialStore {
    /// A use is written at most this often (locking immediately, a shown page says so every 5 s).
    static let inventoryUseInterval: TimeInterval = 4

    /// Whether the session's inventory is locked under `lock` now (an unknown session's is).
    public func isInventoryLocked(tokenHash: String, lock: InventoryLock) async throws -> Bool {
        guard lock != .off else { return false }
        return lock.isLocked(lastUse: try await inventoryLastUse(tokenHash: tokenHash) ?? nil, now: clock.now)
    }

    /// Whether a request of the session may pass the inventory's `lock` now; one that may counts as a use.
    public func passInventoryLock(tokenHash: String, lock: InventoryLock) async throws -> Bool {
        guard lock != .off else { return true }
        guard let lastUse = try await inventoryLastUse(tokenHash: tokenHash) else { return false }
        let now = clock.now
        if lock.isLocked(lastUse: lastUse, now: now) { return false }
        if lastUse.map({ now.timeIntervalSince($0) >= Self.inventoryUseInterval }) ?? true {
            try await useInventory(tokenHash: tokenHash)
        }
        return true
    }

    /// Notes a use of the session's locked pages now (opening the lock is one).
    public func useInventory(tokenHash: String) async throws {
        try await sql.update("sessions").set("inventory_used_at", to: clock.now).where("token_hash", .equal, tokenHash).run()
    }

    /// Locks the session's inventory now.
    public func lockInventory(tokenHash: String) async throws {
        try await sql.update("sessions").set("inventory_used_at", to: SQLLiteral.null).where("token_hash", .equal, tokenHash).run()
    }

    /// When the session last used its locked pages (an inner nil: locked); nil when there is no such session.
    private func inventoryLastUse(tokenHash: String) async throws -> Date?? {
        guard let row = try await sql.select().column("inventory_used_at").from("sessions").where("token_hash", .equal, tokenHash).first()
        else { return nil }
        return .some(try row.decode(column: "inventory_used_at", as: Date?.self))
    }
}
