import Foundation
import HearthCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Runs `body` against a fresh app (in-memory SQLite) through the router, without a socket.
func withApp<T: Sendable>(
    clock: any WallClock = SystemClock(), registrationOpen: Bool = true,
    configure: (inout AppConfiguration) -> Void = { _ in },
    _ body: @Sendable (any TestClientProtocol) async throws -> T
) async throws -> T {
    var configuration = AppConfiguration.testing(clock: clock, registrationOpen: registrationOpen)
    configure(&configuration)
    let app = try await buildApplication(configuration)
    return try await app.test(.router) { client in try await body(client) }
}

/// A person using the app: keeps cookies like a browser and fills in the CSRF field of forms.
final class WebUser: @unchecked Sendable {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]

    init(_ client: any TestClientProtocol) {
        self.client = client
    }

    @discardableResult
    func get(_ path: String) async throws -> TestResponse {
        try await send(path, method: .get)
    }

    /// Posts a form as a browser would, with the CSRF token from the cookie unless `csrf` overrides it.
    @discardableResult
    func post(_ path: String, _ fields: [String: String] = [:], csrf: String? = nil) async throws -> TestResponse {
        if cookies["hearth_csrf"] == nil { try await get("/login") }
        var fields = fields
        fields["csrf_token"] = csrf ?? cookies["hearth_csrf"]
        let body = fields.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(separator: "&")
        return try await send(path, method: .post, contentType: "application/x-www-form-urlencoded", body: body)
    }

    /// Registers through the form and stays signed in.
    @discardableResult
    func register(name: String = "Ada", email: String, password: String = "correct horse battery") async throws -> TestResponse {
        try await post("/register", ["name": name, "email": email, "password": password])
    }

    /// The JSON API as the web app calls it: the session cookie, and the CSRF token in X-CSRF-Token.
    @discardableResult
    func api(_ method: HTTPRequest.Method, _ path: String, body: String? = nil, contentType: String = "application/json") async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.init("X-CSRF-Token")!] = cookies["hearth_csrf"]
        return try await send(path, method: method, contentType: body == nil ? nil : contentType, body: body, headers: headers)
    }

    /// Sends a request with the cookies so far (and `headers`), keeping the cookies it sets.
    @discardableResult
    func send(_ path: String, method: HTTPRequest.Method, contentType: String? = nil, body: String? = nil,
              headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        if !cookies.isEmpty {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        if let contentType { headers[.contentType] = contentType }
        let response = try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            if header.contains("Max-Age=0") || value.isEmpty { cookies[name] = nil } else { cookies[name] = value }
        }
        return response
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// JSON API calls with an optional bearer token.
struct APIClient: Sendable {
    let client: any TestClientProtocol

    func send(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil) async throws -> TestResponse {
        var headers = HTTPFields()
        if json != nil { headers[.contentType] = "application/json" }
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Registers an account and returns a token for it.
    func signUp(name: String = "Ada", email: String, password: String = "correct horse battery") async throws -> String {
        let registered = try await send(.post, "/api/v1/auth/register",
                                        json: #"{"name":"\#(name)","email":"\#(email)","password":"\#(password)"}"#)
        #expect(registered.status == .created)
        return try await signIn(email: email, password: password)
    }

    /// A new token for an account that exists.
    func signIn(email: String, password: String = "correct horse battery") async throws -> String {
        let created = try await send(.post, "/api/v1/auth/tokens",
                                     json: #"{"name":"test","email":"\#(email)","password":"\#(password)"}"#)
        #expect(created.status == .created)
        return try created.json()["token"] as? String ?? ""
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func json() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] ?? [:]
    }
}
