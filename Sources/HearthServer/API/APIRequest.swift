import HearthCore
import Hummingbird

/// Request facts that generated OpenAPI handlers cannot receive as parameters.
/// ``APIRequestMiddleware`` binds them for the duration of each API request.
struct APIRequest: Sendable {
    @TaskLocal static var current = APIRequest(user: nil, rejectedToken: false, remoteAddress: "unknown")

    let user: User?
    /// A bearer token was sent but is unknown or revoked.
    let rejectedToken: Bool
    let remoteAddress: String

    /// The signed-in user, or a 401 that says why.
    static func requireUser() throws -> User {
        guard let user = current.user else {
            throw current.rejectedToken ? AccountError.invalidToken : AccountError.unauthenticated
        }
        return user
    }
}

/// Makes the caller visible to the OpenAPI handlers.
struct APIRequestMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    static let maxBodySize = 1 << 20

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.isAPI else { return try await next(request, context) }
        var request = request
        if request.method != .get && request.method != .head {
            // The OpenAPI transport would read a body of any size; API bodies are small JSON.
            _ = try await request.collectBody(upTo: Self.maxBodySize)
        }
        let caller = APIRequest(user: context.user, rejectedToken: context.rejectedToken, remoteAddress: context.remoteAddress)
        return try await APIRequest.$current.withValue(caller) {
            try await next(request, context)
        }
    }
}
