import Foundation
import HTTPTypes
import HearthAPI
import HearthCore
import HearthStore
import NIOConcurrencyHelpers
import OpenAPIRuntime

/// Answers `GET /api/v1/lists/{id}` and `GET /api/v1/sync/changes`. Their handlers read the page
/// and hand its JSON, written directly (``Components/Schemas/ShoppingList/json()``,
/// ``StreamingJSONEncoder``), to ``WrittenPage``: the generated code would otherwise run it through
/// JSONEncoder, two thirds of a 1,000-item list and 39% of a sync page. And when the household
/// asked for the same list page within the last few seconds and no list changed since, the answer
/// comes from ``ListPageCache``: the same JSON, without a statement.
struct ListPageAnswers: ServerMiddleware {
    let cache: ListPageCache
    let clock: any WallClock

    /// More than any page of 1,000 items holds in practice: a longer answer is not remembered.
    static let largestAnswer = 4 << 20

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.written.contains(operationID) else { return try await next(request, body, metadata) }
        let written = WrittenPage()
        func answer() async throws -> (HTTPResponse, HTTPBody?) {
            let passedOn = try await WrittenPage.$current.withValue(written) { try await next(request, body, metadata) }
            return written.json.map { (Self.ok, HTTPBody($0)) } ?? passedOn
        }
        guard operationID == "getList", cache.isOn, let user = APIRequest.current.user, let page = Self.page(of: request, metadata) else { return try await answer() }
        var passedOn: (HTTPResponse, HTTPBody?)?
        let json = try await cache.page(ListPageKey(householdId: user.householdId, request: page), at: clock.now) {
            let (response, body) = try await answer()
            guard let json = written.json, json.count <= Self.largestAnswer else {
                passedOn = (response, body)
                return nil
            }
            return json
        }
        if let passedOn { return passedOn }
        return (Self.ok, json.map { HTTPBody($0) })
    }

    /// The operations whose handlers write their JSON.
    private static let written: Set<String> = ["getList", "getSyncChanges"]

    private static let ok = HTTPResponse(status: .ok, headerFields: [.contentType: "application/json; charset=utf-8"])

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

/// The JSON of the page a handler read (`getList`, `getSyncChanges`), handed to ``ListPageAnswers`` to answer with.
final class WrittenPage: Sendable {
    @TaskLocal static var current: WrittenPage?
    private let written = NIOLockedValueBox<[UInt8]?>(nil)

    var json: [UInt8]? { written.withLockedValue { $0 } }

    /// The answer to `getList` for `document`: its JSON written here, and an empty 200 the
    /// middleware replaces; JSONEncoder's answer only where no ``ListPageAnswers`` is in the way.
    static func answer(_ document: Components.Schemas.ShoppingList) -> Operations.GetList.Output {
        write(document.json) ? .undocumented(statusCode: 200, .init()) : .ok(.init(body: .json(document)))
    }

    /// The answer to `getSyncChanges` for `page`, as ``answer(_:)-(ShoppingList)`` answers `getList`.
    static func answer(_ page: Components.Schemas.SyncChangePage) throws -> Operations.GetSyncChanges.Output {
        try write { try StreamingJSONEncoder.encode(page) } ? .undocumented(statusCode: 200, .init()) : .ok(.init(body: .json(page)))
    }

    /// Keeps `json()` for the middleware to answer with; false (and nothing written) where no
    /// ``ListPageAnswers`` is in the way.
    private static func write(_ json: () throws -> [UInt8]) rethrows -> Bool {
        guard let current else { return false }
        let bytes = try json()
        current.written.withLockedValue { $0 = bytes }
        return true
    }
}
