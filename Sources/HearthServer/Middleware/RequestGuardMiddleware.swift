import HearthCore
import Hummingbird

/// Refuses addresses that no route or file can mean before anything reads them: a path with a
/// control character (an encoded NUL would cut a file name short: `/css/app.css%00.txt` served the
/// stylesheet as text), with broken percent-encoding, or not in its plain form (`//api/...` would
/// reach the API's routes past the checks that look at the path's start; `.` and `..` segments).
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.isPlain(request.uri.path) else { throw HTTPError(.badRequest, message: "This address is not valid.") }
        return try await next(request, context)
    }

    static func isPlain(_ path: String) -> Bool {
        guard let decoded = path.removingPercentEncoding, !TextRules.containsControl(decoded), path.hasPrefix("/") else { return false }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        // A trailing slash is fine ("/lists/"); an empty segment elsewhere, "." or ".." is not.
        return !segments.dropLast().contains(where: \.isEmpty) && !segments.contains { $0 == "." || $0 == ".." }
    }
}
