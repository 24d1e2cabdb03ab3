import Foundation
import HearthCore
import Hummingbird
import Logging
import OpenAPIRuntime

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
                context.logger.error("Request failed", metadata: [
                    "path": "\(RequestLogMiddleware<Context>.loggablePath(request.uri.path))", "error": "\(Self.loggable(error))",
                ])
            }
            if request.isAPI {
                return Self.problemResponse(problem)
            }
            if case AccountError.unauthenticated = error {
                let next = request.method == .get ? request.uri.path : "/"
                return .redirect(to: "/login?next=\(next.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "/")")
            }
            let page = ErrorPage(problem: Self.pageProblem(problem, error: error), path: request.uri.path, context: context,
                                 assetVersion: renderer.assetVersion)
            var response = try renderer.render("error", page, status: .init(code: page.status))
            response.headers.append(contentsOf: problem.headers)
            return response
        }
    }

    /// What a log line may say about an error. OpenAPI's `ServerError` describes the whole request,
    /// headers included (a bearer token, the session cookie): only its operation and cause are kept.
    /// `description`, not `reflecting`: driver errors then carry no query or bind values.
    static func loggable(_ error: any Error) -> String {
        if let error = error as? ServerError {
            return "\(error.operationID): \(error.causeDescription): \(loggable(error.underlyingError))"
        }
        return String(describing: error)
    }

    static func problemResponse(_ problem: ProblemDetails) -> Response {
        var headers = problem.headers
        headers[.contentType] = "application/problem+json"
        let body = (try? JSONEncoder().encode(problem)) ?? Data()
        return Response(status: problem.httpStatus, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// An HTML error page (404, 403, 500, ...), with the way back to the section it came from.
struct ErrorPage: Sendable {
    let layout: Layout
    let status: Int
    let title: String
    let message: String
    let backHref: String
    let backTitle: String

    init(problem: ProblemDetails, path: String, context: HearthRequestContext, assetVersion: String) {
        let section = Layout.Section.allCases.first { path == "/\($0.rawValue)" || path.hasPrefix("/\($0.rawValue)/") }
        layout = Layout(title: problem.title, section: section, context: context, assetVersion: assetVersion)
        status = problem.status
        title = problem.status == 404 ? "Page not found" : problem.title
        message = problem.detail
        if context.user == nil {
            (backHref, backTitle) = ("/login", "Sign in")
        } else {
            let home = section ?? .focus
            (backHref, backTitle) = ("/\(home.rawValue)", "Back to \(home.title)")
        }
    }
}

extension ErrorMiddleware {
    /// A page address with a mangled id ("Parameter 'x' can not be converted…") leads nowhere: for
    /// a person that is a page not found, said in their words.
    static func pageProblem(_ problem: ProblemDetails, error: any Error) -> ProblemDetails {
        guard let error = error as? HTTPError, error.status == .badRequest, error.body?.hasPrefix("Parameter ") == true else { return problem }
        return ProblemDetails(status: .notFound, detail: "This address does not lead to anything here. It may have been cut short or mistyped.")
    }
}
