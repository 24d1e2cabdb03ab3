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

    /// More than any page of 1,000 items holds in practice: a longer answer is passed on as it is.
    static let largestAnswer = 4 << 20

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard cache.isOn, operationID == "getList", let user = APIRequest.current.user, let page = Self.page(of: request, metadata) else {
            return try await next(request, body, metadata)
        }
        var passedOn: (HTTPResponse, HTTPBody?)?
        let answer = try await cache.page(ListPageKey(householdId: user.householdId, request: page), at: clock.now) {
            let (response, body) = try await next(request, body, metadata)
            guard response.status == .ok, let body, case .known(let length) = body.length, length <= Self.largestAnswer else {
                passedOn = (response, body)
                return nil
            }
            return try await [UInt8](collecting: body, upTo: Self.largestAnswer)
        }
        if let passedOn { return passedOn }
        return (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json; charset=utf-8"]), answer.map { HTTPBody($0) })
    }

    /// The page asked for: the list and the three parameters that choose a page. Anything else in
    /// the query changes nothing in the answer, so it does not make another entry.
    static func page(of request: HTTPRequest, _ metadata: ServerRequestMetadata) -> String? {
        guard let id = metadata.pathParameters["id"], let path = request.path, let components = URLComponents(string: path) else { return nil }
        let query = components.queryItems ?? []
        let cursor = query.last { $0.name == "cursor" }?.value ?? ""
        let limit = query.last { $0.name == "limit" }?.value ?? ""
        let store = query.last { $0.name == "store" }?.value ?? ""
        return "\(id) \(cursor) \(limit) \(store)"
    }
}
