import Hummingbird
import NIOConcurrencyHelpers

/// Every route of the app with its methods, read from the router once all routes are added:
/// the one list the 405 answers and `hearth routes` use.
final class RouteTable: Sendable {
    /// One route: a method and a path template such as `/lists/{id}`.
    struct Route: Sendable, CustomStringConvertible {
        let method: HTTPRequest.Method
        let path: String

        var description: String { "\(method) \(path)" }

        /// 1 for each literal segment, 0 for each parameter: the more literal, the more specific.
        var literalSegments: [Int] {
            path.split(separator: "/").map { $0.hasPrefix("{") ? 0 : 1 }
        }

        /// Whether a request path (its segments) is one this template names.
        func matches(_ segments: [Substring]) -> Bool {
            let template = path.split(separator: "/")
            return template.count == segments.count && zip(template, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
    }

    private let routes = NIOLockedValueBox<[Route]>([])

    /// Takes the router's routes (call after the last route is added).
    func load(from router: Router<HearthRequestContext>) {
        let all = router.routes.map { Route(method: $0.method, path: $0.path.description) }
        routes.withLockedValue { $0 = all }
    }

    /// Every route, sorted by path.
    var all: [Route] {
        routes.withLockedValue { $0 }.sorted { ($0.path, $0.method.rawValue) < ($1.path, $1.method.rawValue) }
    }

    /// The methods a path answers to, HEAD included where GET is; empty when no route matches it.
    /// Like the router, a literal segment wins over a parameter (`/lists/stats` is not `/lists/{id}`).
    func methods(forPath path: String) -> Set<HTTPRequest.Method> {
        let segments = path.split(separator: "/")
        let matching = routes.withLockedValue { $0 }.filter { $0.matches(segments) }
        guard let best = matching.map(\.literalSegments).max(by: { $0.lexicographicallyPrecedes($1) }) else { return [] }
        var methods = Set<HTTPRequest.Method>()
        for route in matching where route.literalSegments == best {
            methods.insert(route.method)
            if route.method == .get { methods.insert(.head) }
        }
        return methods
    }
}

/// Answers 405 Method Not Allowed, with the `Allow` header, when the path exists but not for the
/// request's method (TRACE, or DELETE where only GET is), instead of the router's 404.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = routes.methods(forPath: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method) else { throw error }
            let list = allowed.map(\.rawValue).sorted().joined(separator: ", ")
            throw HTTPError(.methodNotAllowed, headers: [.allow: list], message: "This address accepts \(list), not \(request.method).")
        }
    }
}
