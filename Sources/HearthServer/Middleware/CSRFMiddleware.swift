import Foundation
import HearthCore
import Hummingbird

/// Double-submit CSRF protection for HTML forms: a random token lives in an HttpOnly SameSite cookie
/// and every form posts it back in `csrf_token`; a post whose field does not match is refused.
/// The API is exempt: it takes bearer tokens or JSON bodies, which another site's form cannot send.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    static let cookieName = "hearth_csrf"
    static let fieldName = "csrf_token"
    static let maxFormSize = 1 << 20

    let secureCookies: Bool

    private struct TokenField: Decodable {
        let csrf_token: String?
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        var request = request
        let existing = request.cookies[Self.cookieName]?.value.nilIfEmpty
        context.csrfToken = existing ?? SecretToken.generate()
        if request.method == .post && !request.isAPI {
            let body = try await request.collectBody(upTo: Self.maxFormSize)
            let field = try? URLEncodedFormDecoder().decode(TokenField.self, from: String(buffer: body))
            guard let existing, let sent = field?.csrf_token, SecretToken.constantTimeEquals(existing, sent) else {
                throw HTTPError(.forbidden, message: "This form has expired or came from another site. Go back, reload the page and try again.")
            }
        }
        var response = try await next(request, context)
        if existing == nil {
            response.setCookie(Cookie(name: Self.cookieName, value: context.csrfToken, path: "/",
                                      secure: secureCookies || request.isHTTPS, httpOnly: true, sameSite: .lax))
        }
        return response
    }
}
