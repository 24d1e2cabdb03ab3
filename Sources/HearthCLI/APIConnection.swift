import AsyncHTTPClient
import Foundation
import HTTPTypes
import HearthAPI
import HearthCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// A generated API client for one server, optionally with a bearer token.
struct APIConnection {
    let server: URL
    let client: Client

    init(server: String, token: String? = nil) throws {
        guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false
        else {
            throw CLIError("“\(server)” is not a server URL. Use the address you open Hearth at, e.g. http://localhost:8080.")
        }
        self.server = url
        self.client = Client(
            serverURL: url, configuration: .init(dateTranscoder: .hearth), transport: AsyncHTTPClientTransport(configuration: .init(client: Self.httpClient, timeout: .seconds(30))),
            middlewares: [CLIHeaders(token: token)]
        )
    }

    /// One client for the process. A command-line tool should say “connection refused” at once,
    /// not retry connecting until a timeout as a long-running service would.
    static let httpClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(30))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    init(_ configuration: ClientConfiguration) throws {
        try self.init(server: configuration.server, token: configuration.token)
    }

    /// Runs a request, turning transport failures into a clear message.
    func call<T>(_ request: (Client) async throws -> T) async throws -> T {
        do {
            return try await request(client)
        } catch let error as ClientError {
            throw CLIError.unreachable(server, error)
        }
    }
}

/// Every request says `hearth-cli/<version>` (Settings → Security lists the CLI as "hearth CLI")
/// and, once signed in, carries `Authorization: Bearer`.
struct CLIHeaders: ClientMiddleware {
    let token: String?

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.userAgent] = "hearth-cli/\(HearthVersion.current)"
        if let token { request.headerFields[.authorization] = "Bearer \(token)" }
        return try await next(request, body, baseURL)
    }
}
