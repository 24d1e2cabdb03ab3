import Foundation
import HearthCore

/// The inventory's lock (``InventoryLock``): choosing it, and opening it with the password.
extension AccountService {
    /// Opens the inventory's lock of the page session `sessionHash` with the password, which also
    /// confirms it is them (what cannot be undone may follow for 10 minutes).
    func unlockInventory(of user: User, session sessionHash: String, password: String, address: String) async throws {
        try await confirm(session: sessionHash, of: user, password: password, code: nil, address: address)
    }

    /// Sets when `user`'s inventory locks itself. A browser whose inventory is locked opens it first
    /// (no one at a phone left on Focus loosens the lock); the browser that sets it stays open.
    func setInventoryLock(_ lock: InventoryLock, for user: User, session sessionHash: String?) async throws {
        if let sessionHash, try await credentials.isInventoryLocked(tokenHash: sessionHash, lock: user.inventoryLock) {
            throw AccountError.inventoryLocked
        }
        try await accounts.setInventoryLock(userId: user.id, lock)
        if let sessionHash { try await credentials.useInventory(tokenHash: sessionHash) }
    }
}
