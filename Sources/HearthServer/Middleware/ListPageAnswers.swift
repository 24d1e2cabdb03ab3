import Foundation
import HTTPTypes
import HearthCore
import HearthStore
import OpenAPIRuntime

/// Answers `GET /api/v1/lists/{id}` from ``ListPageCache`` when the household asked for the same
/// page within the last few seconds and no list changed since: the same JSON, without a statement
/// or the encoding (a 20-item list spent more on JSONEncoder than on anything else). What it
/// answers otherwise (the handler's `getList`) is remembered when it is a page.
struct ListPageAnswers: ServerMiddleware {
    let cache: ListPageCache
    let clock: any WallClock

    /// More than any page of 1,000 items: an answer this long is passed on, not remembered.
    static let largestAnswer = 4 << 20

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard operationID == "getList", let user = APIRequest.current.user, let path = request.path else {
            return try await next(request, body, metadata)
        }
        var other: (HTTPResponse, HTTPBody?)?
        let page = try await cache.page(ListPageKey(householdId: user.householdId, request: path), at: clock.now) {
            let (response, body) = try await next(request, body, metadata)
            guard response.status == .ok, let body else {
                other = (response, body)
                return nil
            }
            return try await [UInt8](collecting: body, upTo: Self.largestAnswer)
        }
        guard let page, other == nil else { return other ?? (HTTPResponse(status: .notFound), nil) }
        return (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json; charset=utf-8"]), HTTPBody(page))
    }
}
