import HTTPTypes
import OpenAPIRuntime

/// The OpenAPI runtime percent-encodes every header value a handler sets (as OpenAPI asks of
/// parameters), which turns `attachment; filename="a.zip"` into `attachment%3B%20filename…` and
/// breaks `Cache-Control` and `ETag` the same way (swift-openapi-generator issue #529, open as of
/// 2026-11). These headers are sent as written instead.
struct PlainResponseHeaders: ServerMiddleware {
    static let names: [HTTPField.Name] = [.contentDisposition, .cacheControl, .eTag]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, body) = try await next(request, body, metadata)
        for name in Self.names {
            if let value = response.headerFields[name], let plain = value.removingPercentEncoding { response.headerFields[name] = plain }
        }
        return (response, body)
    }
}
