import Foundation
import HTTPTypes
import HearthCore
import HearthStore
import Hummingbird

/// Request facts that generated OpenAPI handlers cannot receive as parameters.
/// ``APIRequestMiddleware`` binds them for the duration of each API request.
struct APIRequest: Sendable {
    @TaskLocal static var current = APIRequest(user: nil, rejectedToken: false, clientAddress: "unknown")

    let user: User?
    /// A bearer token was sent but is unknown or revoked.
    let rejectedToken: Bool
    let clientAddress: String
    /// The hash of the session or token this request signed in with (marks "this device").
    var credentialHash: String? = nil
    /// The hash of the page session, when the request signed in with the cookie (not a token).
    var sessionHash: String? = nil
    /// Where a sign-in made by this request comes from.
    var origin = SignInOrigin.unknown
    /// The address the request came to (`http://192.168.1.20:8080`), from its Host header and a
    /// proxy's X-Forwarded-Proto: where links go when no public address is set.
    var serverAddress = "http://localhost"

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
        // Uploads (multipart) are streamed to files by their handlers, each file limited on the way.
        let isUpload = request.headers[.contentType]?.lowercased().hasPrefix("multipart/form-data") == true
        if request.method != .get && request.method != .head && !isUpload {
            // The OpenAPI transport would read a body of any size; other API bodies are small JSON.
            let body = try await request.collectBody(upTo: Self.maxBodySize)
            if request.headers[.contentType]?.hasPrefix("application/json") == true,
               let field = Self.firstNull(in: body, allowed: Self.nullAllowed[request.uri.path] ?? [],
                                          skipping: Self.nullCheckedByHandler[request.uri.path] ?? []) {
                throw HTTPErrorMessage.badRequest("“\(field)” is null; leave a field out instead of sending null.")
            }
        }
        let caller = APIRequest(user: context.user, rejectedToken: context.rejectedToken, clientAddress: context.clientAddress,
                                credentialHash: context.sessionHash ?? context.tokenHash, sessionHash: context.sessionHash,
                                origin: context.origin(of: request), serverAddress: Self.serverAddress(of: request))
        return try await APIRequest.$current.withValue(caller) {
            try await next(request, context)
        }
    }

    private static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    /// `scheme://host[:port]` of the request; localhost when its Host is not a host name or address.
    static func serverAddress(of request: Request) -> String {
        let host = request.head.authority ?? ""
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        guard !host.isEmpty, host.count <= 255, host.allSatisfy(allowed.contains) else { return "http://localhost" }
        let scheme = request.headers[Self.forwardedProto]?.lowercased() == "https" ? "https" : "http"
        return "\(scheme)://\(host)"
    }

    /// The fields where a body may carry null, by path: what a browser's API hands over as it is
    /// (`PushSubscription.toJSON()` has `"expirationTime": null`).
    static let nullAllowed: [String: Set<String>] = ["/api/v1/push/subscriptions": ["expirationTime"]]

    /// The fields whose values the handler checks for null itself, by path: a sync push's mutations
    /// each carry a REST body, and one with a null fails alone, as its REST request would.
    static let nullCheckedByHandler: [String: Set<String>] = ["/api/v1/sync/push": ["data"]]

    /// The path of the first `null` in a JSON body outside `allowed` (the document declares no other
    /// field nullable, and decoding would take null as "left out"); nil when there is none or the
    /// body is not JSON, which the decoder then reports.
    static func firstNull(in body: ByteBuffer, allowed: Set<String> = [], skipping: Set<String> = []) -> String? {
        guard let json = try? JSONSerialization.jsonObject(with: Data(buffer: body), options: [.fragmentsAllowed]) else { return nil }
        return firstNull(in: json, allowed: allowed, skipping: skipping)
    }

    /// The first null in a JSON value read by `JSONSerialization`, leaving out what the fields named
    /// in `skipping` hold (not the fields themselves).
    static func firstNull(in json: Any, allowed: Set<String> = [], skipping: Set<String> = []) -> String? {
        func search(_ value: Any, _ path: String) -> String? {
            switch value {
            case is NSNull: return allowed.contains(path) ? nil : path.isEmpty ? "body" : path
            case let object as [String: Any]:
                for key in object.keys.sorted() {
                    let value = skipping.contains(key) && !(object[key] is NSNull) ? [:] as [String: Any] : object[key]!
                    if let found = search(value, path.isEmpty ? key : "\(path).\(key)") { return found }
                }
                return nil
            case let array as [Any]:
                for (index, element) in array.enumerated() {
                    if let found = search(element, "\(path)[\(index)]") { return found }
                }
                return nil
            default: return nil
            }
        }
        return search(json, "")
    }
}
