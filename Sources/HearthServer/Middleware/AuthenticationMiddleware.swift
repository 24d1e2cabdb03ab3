import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Finds who is calling: a bearer API token, or the page session cookie.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    static let sessionCookie = "hearth_session"

    let credentials: CredentialStore
    let secureCookies: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if request.isStaticAsset { return try await next(request, context) }
        if let authorization = request.headers[.authorization] {
            let secret = authorization.lowercased().hasPrefix("bearer ")
                ? String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces) : ""
            let hash = SecretToken.hash(secret)
            context.user = secret.isEmpty ? nil : try await credentials.tokenUser(tokenHash: hash)
            context.rejectedToken = context.user == nil
            context.tokenHash = context.user == nil ? nil : hash
            return try await next(request, context)
        }
        guard let secret = request.cookies[Self.sessionCookie]?.value, !secret.isEmpty else {
            return try await next(request, context)
        }
        let hash = SecretToken.hash(secret)
        context.user = try await credentials.sessionUser(tokenHash: hash)
        context.sessionHash = context.user == nil ? nil : hash
        var response = try await next(request, context)
        // A handler that signed in or out has set the cookie itself; leave that alone.
        let handlerSetCookie = response.headers[values: .setCookie].contains { $0.hasPrefix(Self.sessionCookie + "=") }
        if !handlerSetCookie {
            // Renew a live session so it lasts 30 days from its last use, like the server-side expiry;
            // clear a dead one so the browser stops sending it.
            response.setCookie(context.user == nil
                ? Self.expiredCookie(request: request, secure: secureCookies)
                : Self.cookie(secret, request: request, secure: secureCookies))
        }
        return response
    }

    static func cookie(_ secret: String, request: Request, secure: Bool) -> Cookie {
        Cookie(name: sessionCookie, value: secret, maxAge: Int(CredentialStore.sessionIdleLimit), path: "/",
               secure: secure || request.isHTTPS, httpOnly: true, sameSite: .lax)
    }

    static func expiredCookie(request: Request, secure: Bool) -> Cookie {
        Cookie(name: sessionCookie, value: "", maxAge: 0, path: "/", secure: secure || request.isHTTPS, httpOnly: true, sameSite: .lax)
    }
}

extension Request {
    /// Whether the client reached us over HTTPS (directly or through a proxy that says so).
    var isHTTPS: Bool {
        headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    /// Whether this asks for a file from Resources/public (served to anyone, never with a session).
    var isStaticAsset: Bool {
        let path = uri.path
        return path.hasPrefix("/css/") || path.hasPrefix("/js/") || path == "/favicon.svg"
    }

    /// Whether this request is for the JSON API (problem+json errors, no CSRF form check).
    var isAPI: Bool { uri.path.hasPrefix("/api/") }
}
