import Foundation
import HearthCore
import HTTPTypes
import Hummingbird

/// Double-submit CSRF protection. A random token lives in an HttpOnly SameSite cookie; every form
/// posts it back in `csrf_token`, and the page's scripts send it in `X-CSRF-Token` when they change
/// something through the API with the session cookie. A request whose token does not match is
/// refused, so another site cannot make a signed-in browser change anything. Requests with a bearer
/// token carry no cookie and need no CSRF token.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    static let cookieName = "hearth_csrf"
    static let fieldName = "csrf_token"
    static let headerName = HTTPField.Name("X-CSRF-Token")!
    static let maxFormSize = 1 << 20

    let secureCookies: Bool

    private struct TokenField: Decodable {
        let csrf_token: String?
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        var request = request
        let existing = request.cookies[Self.cookieName]?.value.nilIfEmpty
        // Only pages put the token in their forms; an API request gets none made.
        context.csrfToken = existing ?? (request.isAPI ? "" : SecretToken.generate())
        context.pagePath = request.uri.path
        if request.isAPI {
            if context.sessionHash != nil && !request.method.isSafe {
                guard Self.matches(existing, request.headers[Self.headerName]) else {
                    throw HTTPError(.forbidden, message: "A change made with the session cookie needs the page's CSRF token in X-CSRF-Token. Scripts use a bearer token instead.")
                }
            }
        } else if request.method == .post {
            let body = try await request.collectBody(upTo: Self.maxFormSize)
            let field = try? URLEncodedFormDecoder().decode(TokenField.self, from: String(buffer: body))
            guard Self.matches(existing, field?.csrf_token) else {
                throw HTTPError(.forbidden, message: "This form has expired or came from another site. Go back, reload the page and try again.")
            }
        }
        var response = try await next(request, context)
        // Only pages carry forms; API answers, files, /health and /metrics need no token.
        if existing == nil, !context.csrfToken.isEmpty, response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.setCookie(Self.cookie(context.csrfToken, request: request, secure: secureCookies))
        }
        return response
    }

    /// The cookie that holds a browser's token.
    static func cookie(_ token: String, request: Request, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: token, path: "/", secure: secure || request.isHTTPS, httpOnly: true, sameSite: .lax)
    }

    private static func matches(_ cookie: String?, _ sent: String?) -> Bool {
        guard let cookie, let sent else { return false }
        return SecretToken.constantTimeEquals(cookie, sent)
    }
}

extension HTTPRequest.Method {
    /// Methods that only read (RFC 9110 section 9.2.1).
    var isSafe: Bool { self == .get || self == .head || self == .options || self == .trace }
}
