import Foundation
import HTTPTypes
import HearthAPI
import OpenAPIRuntime
import OpenAPIURLSession

/// The API client of a Hearth server for one account.
public enum HearthConnection {
    /// A client of the server at `serverURL` (`https://hearth.example.org`), signed in with an API
    /// token (`hth_…`, from `POST /api/v1/auth/tokens` or Settings → Devices).
    public static func client(serverURL: URL, token: String, transport: any ClientTransport = URLSessionTransport()) -> Client {
        Client(serverURL: serverURL, configuration: Configuration(dateTranscoder: .hearth), transport: transport,
               middlewares: [BearerToken(token: token)])
    }
}

/// Signs each request in with the account's token.
struct BearerToken: ClientMiddleware {
    let token: String

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
