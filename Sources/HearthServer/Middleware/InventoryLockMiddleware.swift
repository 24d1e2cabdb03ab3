import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Keeps the Inventory, its reports and Backups behind the inventory's lock (``InventoryLock``) for
/// a browser whose lock is closed: a page goes to the lock screen, the API answers 403 with the
/// problem type `urn:hearth:problem:inventory-locked`. Each request that passes counts as a use.
/// API tokens pass: the lock is a browser's, the way an app's lock is a phone's.
struct InventoryLockMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    /// What the lock keeps: these paths and everything under them (the sync feed carries the
    /// inventory too).
    static let lockedPaths = ["/inventory", "/settings/backups", "/api/v1/inventory", "/api/v1/backup", "/api/v1/sync"]

    let credentials: CredentialStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let user = context.user, user.inventoryLock != .off, let session = context.sessionHash,
              Self.isLocked(path: request.uri.path)
        else { return try await next(request, context) }
        guard try await credentials.passInventoryLock(tokenHash: session, lock: user.inventoryLock) else {
            if request.isAPI { throw AccountError.inventoryLocked }
            // A page opens again where it was; a form's change waits until it is open again.
            let isRead = request.method == .get || request.method == .head
            let back = isRead ? request.uri.path + (request.uri.query.map { "?" + $0 } ?? "") : "/inventory"
            return .seeOther(InventoryLockPages.unlockPath(next: back))
        }
        var context = context
        context.inventoryLockShown = user.inventoryLock
        return try await next(request, context)
    }

    /// Whether `path` is behind the inventory's lock.
    static func isLocked(path: String) -> Bool {
        lockedPaths.contains { prefix in
            path == prefix || path.hasPrefix(prefix + "/")
        }
    }
}
