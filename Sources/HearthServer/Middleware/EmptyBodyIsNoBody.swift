import HTTPTypes
import OpenAPIRuntime

/// A request without content reaches the handlers without a body, whatever its Content-Type says
/// (scripts often send `application/json` with nothing). The Hummingbird transport hands every
/// request a body, empty or not, and the runtime reads an empty one as JSON that is not valid, so
/// an optional body (a timer command's options) could not be left out. A required body left out is
/// then refused as missing, which says better what is wrong.
struct EmptyBodyIsNoBody: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let body, request.method != .get, request.headerFields[.contentType]?.hasPrefix("multipart/") != true else {
            return try await next(request, body, metadata)
        }
        // APIRequestMiddleware has read API bodies into memory (at most 1 MiB), except uploads, which are left to stream.
        let bytes = try await [UInt8](collecting: body, upTo: APIRequestMiddleware.maxBodySize)
        return try await next(request, bytes.isEmpty ? nil : HTTPBody(bytes), metadata)
    }
}
