import Foundation
import HearthCore
import Hummingbird

/// The inventory's lock in the browser (``InventoryLock``): the lock screen the password opens,
/// what an open page tells the server (used, or shown; lock now; whether it is locked), and the
/// choice in Settings → Security.
struct InventoryLockPages {
    let services: AppServices

    struct UnlockForm: Decodable {
        let password: String
        let next: String?
    }

    struct ChoiceForm: Decodable {
        let lock_after: String
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/unlock", use: show)
        router.post("/unlock", use: unlock)
        router.get("/lock/state", use: state)
        router.post("/lock/used", use: used)
        router.post("/lock/now", use: lockNow)
        router.post("/settings/security/inventory-lock", use: choose)
    }

    /// The lock screen's address, coming back to `next` once open.
    static func unlockPath(next: String) -> String {
        AccountPages.path("/unlock", next: next)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let (user, session) = try signedIn(context)
        let next = AccountPages.safeNextPath(request.uri.queryParameters["next"].map(String.init) ?? "/inventory")
        guard try await services.credentials.isInventoryLocked(tokenHash: session, lock: user.inventoryLock) else { return .seeOther(next) }
        return try await render(next: next, user: user, context: context)
    }

    func unlock(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let (user, session) = try signedIn(context)
        let form = try await request.decode(as: UnlockForm.self, context: context)
        let next = AccountPages.safeNextPath(form.next ?? "/inventory")
        do {
            try await services.accountService.unlockInventory(of: user, session: session, password: form.password, address: context.clientAddress)
            return .seeOther(next)
        } catch let error as AccountError {
            return try await render(next: next, user: user, context: context, error: error.message, status: ProblemDetails.status(of: error))
        }
    }

    /// Whether this browser's inventory is locked now, without counting as a use (an open page asks
    /// now and then, and when it is shown again).
    func state(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let (user, session) = try signedIn(context)
        return Self.json(locked: try await services.credentials.isInventoryLocked(tokenHash: session, lock: user.inventoryLock))
    }

    /// Someone uses an open page (or, locking immediately, it is shown): one more use, if it is open.
    func used(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let (user, session) = try signedIn(context)
        return Self.json(locked: !(try await services.credentials.passInventoryLock(tokenHash: session, lock: user.inventoryLock)))
    }

    func lockNow(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let (_, session) = try signedIn(context)
        try await services.credentials.lockInventory(tokenHash: session)
        return .seeOther(Self.unlockPath(next: "/inventory"))
    }

    func choose(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let (user, session) = try signedIn(context)
        let form = try await request.decode(as: ChoiceForm.self, context: context)
        guard let lock = InventoryLock(choice: form.lock_after) else { throw AccountError.invalidInventoryLock }
        do {
            try await services.accountService.setInventoryLock(lock, for: user, session: session)
        } catch AccountError.inventoryLocked {
            return .seeOther(Self.unlockPath(next: "/settings/security"))
        }
        return .seeOther("/settings/security", notice: .saved)
    }

    private func signedIn(_ context: HearthRequestContext) throws -> (User, String) {
        let user = try context.requireUser()
        guard let session = context.sessionHash else { throw AccountError.unauthenticated }
        return (user, session)
    }

    private static func json(locked: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: #"{"locked":\#(locked)}"#)))
    }

    private func render(next: String, user: User, context: HearthRequestContext, error: String? = nil,
                        status: HTTPResponse.Status = .ok) async throws -> Response {
        let page = UnlockPage(layout: services.layout("Inventory locked", .inventory, context), next: next, error: error,
                              hasPasskeys: try await !services.credentials.passkeys(userId: user.id).isEmpty)
        return try services.renderer.render("unlock", page, status: status)
    }
}

/// The lock screen.
struct UnlockPage: Sendable {
    let layout: Layout
    let next: String
    let error: String?
    /// A passkey (Face ID on a phone) opens it too.
    let hasPasskeys: Bool
}

/// One choice of the inventory's lock in Settings → Security.
struct InventoryLockChoice: Sendable {
    let value: String
    let title: String
    let selected: Bool

    static func all(selected: InventoryLock) -> [InventoryLockChoice] {
        InventoryLock.choices.map { lock in
            let title = switch lock {
            case .off: "Never"
            case .immediately: "When the app is hidden"
            case .afterIdle(let minutes): minutes == 60 ? "After 1 hour without use" : "After \(minutes) minute\(minutes == 1 ? "" : "s") without use"
            }
            return InventoryLockChoice(value: lock.choice, title: title, selected: lock == selected)
        }
    }
}
