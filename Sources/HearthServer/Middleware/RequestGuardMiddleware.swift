import HearthCore
import Hummingbird

/// Refuses addresses that no route or file can mean before anything reads them: a path with a
/// control character (an encoded NUL would cut a file name short: `/css/app.css%00.txt` served the
/// stylesheet as text) or with broken percent-encoding.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let path = request.uri.path.removingPercentEncoding, !TextRules.containsControl(path) else {
            throw HTTPError(.badRequest, message: "This address is not valid.")
        }
        return try await next(request, context)
    }
}
