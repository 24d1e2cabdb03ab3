import Foundation
import HearthCore
import Hummingbird
import Logging

/// Turns every error into the right response: problem+json on the API, an HTML page elsewhere,
/// and a redirect to sign-in for pages that need a signed-in user.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    let renderer: PageRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            var context = context
            // Forms on the error page (sign out) need the token the CSRF middleware would have set.
            context.csrfToken = request.cookies[CSRFMiddleware.cookieName]?.value ?? ""
            let problem = ProblemDetails(error)
            if problem.status >= 500 {
                // `description`, not `reflecting`: driver errors then carry no query or bind values.
                context.logger.error("Request failed", metadata: [
                    "path": "\(RequestLogMiddleware<Context>.loggablePath(request.uri.path))", "error": "\(error)",
                ])
            }
            if request.isAPI {
                return Self.problemResponse(problem)
            }
            if case AccountError.unauthenticated = error {
                let next = request.method == .get ? request.uri.path : "/"
                return .redirect(to: "/login?next=\(next.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "/")")
            }
            let page = ErrorPage(layout: Layout(title: problem.title, section: nil, context: context, assetVersion: renderer.assetVersion),
                                 status: problem.status, title: problem.status == 404 ? "Page not found" : problem.title,
                                 message: problem.detail, signedIn: context.user != nil)
            return try renderer.render("error", page, status: problem.httpStatus)
        }
    }

    static func problemResponse(_ problem: ProblemDetails) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/problem+json"
        if let retryAfter = problem.retryAfter { headers[.retryAfter] = String(retryAfter) }
        let body = (try? JSONEncoder().encode(problem)) ?? Data()
        return Response(status: problem.httpStatus, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// An HTML error page (404, 403, 500, ...).
struct ErrorPage: Sendable {
    let layout: Layout
    let status: Int
    let title: String
    let message: String
    let signedIn: Bool
}
