import HearthCore
import Hummingbird

/// Request facts that generated OpenAPI handlers cannot receive as parameters.
/// ``APIRequestMiddleware`` binds them for the duration of each API request.
enum APIRequest {
    @TaskLocal static var user: User?
    @TaskLocal static var remoteAddress: String = "unknown"

    /// The signed-in user, or a 401.
    static func requireUser() throws -> User {
        guard let user else { throw AccountError.unauthenticated }
        return user
    }
}

/// Makes the authenticated user and client address visible to the OpenAPI handlers.
struct APIRequestMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.isAPI else { return try await next(request, context) }
        return try await APIRequest.$user.withValue(context.user) {
            try await APIRequest.$remoteAddress.withValue(context.remoteAddress) {
                try await next(request, context)
            }
        }
    }
}
