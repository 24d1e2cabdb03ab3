import Foundation
import HearthCore
import HearthStore
import Hummingbird
import NIOCore

/// Per-request state: who is signed in, and the form's CSRF token.
public struct HearthRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The signed-in user (session cookie on pages; bearer token or cookie on the API).
    public var user: User?
    /// Hash of the page session's secret, when signed in with a cookie.
    public var sessionHash: String?
    /// Hash of the bearer token's secret, when signed in with an API token.
    public var tokenHash: String?
    /// A bearer token was sent but is unknown or revoked; `requireUser` then says so.
    public var rejectedToken = false
    /// The inventory's lock of a page behind it that passed (set by ``InventoryLockMiddleware``):
    /// the page then watches for the app being hidden or left unused.
    public var inventoryLockShown: InventoryLock?
    /// The CSRF token forms on this page must carry (set by ``CSRFMiddleware``).
    public var csrfToken: String = ""
    /// The page's path (`/inventory/receipts`), for the navigation to show where the person is
    /// (set by ``CSRFMiddleware`` with the token: both are the page's own).
    public var pagePath: String = ""
    /// The address of the connection's other end: the client, or a reverse proxy.
    public let peerAddress: String
    /// The client's address, for limits: the peer's, or the one a trusted proxy forwarded
    /// (set by ``ClientAddressMiddleware``).
    public var clientAddress: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
        clientAddress = peerAddress
    }

    public var requestDecoder: FormOrJSONDecoder { FormOrJSONDecoder() }

    /// Where a sign-in with `request` comes from, for the list of devices.
    func origin(of request: Request) -> SignInOrigin {
        SignInOrigin(userAgent: request.headers[.userAgent], address: clientAddress)
    }

    /// The signed-in user, or an error that sends people to sign in.
    public func requireUser() throws -> User {
        guard let user else { throw rejectedToken ? AccountError.invalidToken : AccountError.unauthenticated }
        return user
    }
}

/// Decodes HTML form posts and JSON bodies, chosen by Content-Type.
public struct FormOrJSONDecoder: RequestDecoder {
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        if request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true {
            return try await URLEncodedFormDecoder().decode(type, from: request, context: context)
        }
        return try await JSONDecoder().decode(type, from: request, context: context)
    }
}
