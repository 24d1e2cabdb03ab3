import Foundation
import HearthCore
import HTTPTypes
import HummingbirdTesting
import OpenAPIRuntime
import Testing
@testable import HearthServer

/// What every request goes through, whatever its route: headers, CSRF, malformed addresses, methods.
@Suite struct RequestSafetyTests {
    @Test func pagesAndFilesCarrySecurityHeaders() async throws {
        try await withApp { client in
            for path in ["/login", "/css/app.css", "/api/v1/me", "/nowhere"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("default-src 'self'") == true, "\(path)")
                #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "\(path)")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(path)")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(path)")
            }
        }
    }

    @Test func onlyPagesSetTheCSRFCookie() async throws {
        try await withApp { client in
            for path in ["/health", "/metrics", "/api/v1/me", "/api/openapi.yaml", "/css/app.css"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(!response.headers[values: .setCookie].contains { $0.hasPrefix("hearth_csrf=") }, "\(path)")
            }
            let page = try await client.execute(uri: "/login", method: .get)
            #expect(page.headers[values: .setCookie].contains { $0.hasPrefix("hearth_csrf=") })
        }
    }

    @Test func anEncodedNULInAPathIsRefused() async throws {
        try await withApp { client in
            let response = try await client.execute(uri: "/css/app.css%00.txt", method: .get)
            #expect(response.status == .badRequest)
            #expect(!response.text.contains("--accent"))
        }
    }

    @Test(arguments: ["//api/v1/me", "/api//v1/me", "/lists/./stats", "/lists/../login", "/css/%2e%2e/x"])
    func anAddressNotInItsPlainFormIsRefused(path: String) async throws {
        try await withApp { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .badRequest)
        }
    }

    @Test func headAnswersWhereGetDoes() async throws {
        try await withApp { client in
            let head = try await client.execute(uri: "/login", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(try await client.execute(uri: "/lists/", method: .get).status != .badRequest)
        }
    }

    @Test func anUndeclaredMethodIs405WithAllow() async throws {
        try await withApp { client in
            let trace = try await client.execute(uri: "/api/v1/lists", method: .trace)
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.headers[.allow] == "GET, HEAD, POST")
            #expect(trace.headers[.contentType] == "application/problem+json")
            let page = try await client.execute(uri: "/lists/stats", method: .delete)
            #expect(page.status == .methodNotAllowed)
            #expect(page.headers[.allow] == "GET, HEAD")
            #expect(try await client.execute(uri: "/api/v1/nothing-here", method: .trace).status == .notFound)
        }
    }

    @Test func aCookieAuthenticatedAPIChangeNeedsTheCSRFHeader() async throws {
        try await withApp { client in
            // Setup: a signed-in browser with a list.
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let created = try await user.send("/api/v1/lists", method: .post, body: #"{"name":"Groceries"}"#,
                                              headers: [.contentType: "application/json", CSRFMiddleware.headerName: user.cookies["hearth_csrf"]!])
            #expect(created.status == .created)
            let id = try #require(try created.json()["id"] as? String)
            // Act: what another site's form could send, with the cookie but without the header.
            let forged = try await user.send("/api/v1/lists/\(id)/clear-purchased", method: .post,
                                             contentType: "application/x-www-form-urlencoded", body: "")
            let deleted = try await user.send("/api/v1/lists/\(id)", method: .delete)
            let wrong = try await user.send("/api/v1/lists/\(id)", method: .delete, headers: [CSRFMiddleware.headerName: "guess"])
            // Check
            #expect(forged.status == .forbidden)
            #expect(deleted.status == .forbidden)
            #expect(wrong.status == .forbidden)
            #expect(try await user.get("/api/v1/lists/\(id)").status == .ok)
            let allowed = try await user.send("/api/v1/lists/\(id)", method: .delete, headers: [CSRFMiddleware.headerName: user.cookies["hearth_csrf"]!])
            #expect(allowed.status == .noContent)
        }
    }

    @Test func nullInAJSONBodyIsRefused() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let response = try await api.send(.put, "/api/v1/focus/settings", json: #"{"vibration":null}"#, token: token)
            #expect(response.status == .badRequest)
            #expect(try response.json()["detail"] as? String == "“vibration” is null; leave a field out instead of sending null.")
        }
    }

    @Test func aFailedRequestIsLoggedWithoutItsHeaders() {
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/api/v1/lists")
        request.headerFields[.authorization] = "Bearer hth_secret-token"
        request.headerFields[.cookie] = "hearth_session=secret-session"
        let error = ServerError(operationID: "createList", request: request, requestBody: nil, requestMetadata: .init(),
                                causeDescription: "Unknown", underlyingError: CancellationError())
        let line = ErrorMiddleware.loggable(error)
        #expect(line.contains("createList"))
        #expect(!line.contains("secret"))
        #expect(String(describing: error).contains("secret")) // what the old log line printed
    }
}
