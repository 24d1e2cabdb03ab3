import Foundation
import Hummingbird
import HummingbirdTesting

/// A local fake of the GitHub gist endpoints Hearth uses (`GET /user`, `GET /gists`, `POST /gists`,
/// `PATCH /gists/{id}`, `GET /gists/{id}`, `GET /gists/{id}/commits`, `GET /gists/{id}/{sha}`),
/// as GitHub's REST documentation describes them: secret gists with a history of revisions, ETags
/// on reads, and any refusal GitHub gives (401, 403 and 429 rate limits, 404, 422) on demand.
actor FakeGitHub {
    struct Revision: Sendable {
        let version: String
        let committedAt: Date
        let files: [String: String]
    }

    struct Gist: Sendable {
        let id: String
        let owner: String
        let description: String
        let isPublic: Bool
        var revisions: [Revision]  // newest last
    }

    /// What the next request is answered with instead, once: a status and headers.
    struct Refusal: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var message = "refused"
    }

    /// token → login.
    var tokens: [String: String] = [:]
    var gists: [String: Gist] = [:]
    var refusals: [Refusal] = []
    /// Every request, as "METHOD path", and the ones answered 304.
    var requests: [String] = []
    var notModified = 0
    private var counter = 0

    func addToken(_ token: String, login: String) { tokens[token] = login }
    func revoke(_ token: String) { tokens[token] = nil }
    func refuseNext(_ refusal: Refusal) { refusals.append(refusal) }
    func deleteGist(_ id: String) { gists[id] = nil }

    /// A gist as another program (the original app) wrote it.
    func addGist(owner: String, description: String, files: [String: String]) -> String {
        let id = nextId()
        gists[id] = Gist(id: id, owner: owner, description: description, isPublic: false,
                         revisions: [Revision(version: nextId(), committedAt: Date(), files: files)])
        return id
    }

    private func nextId() -> String {
        counter += 1
        return String(format: "%032x", counter * 7919)
    }

    /// The answer to one request: status, headers, JSON body.
    func answer(method: String, path: String, query: [String: String], token: String?, ifNoneMatch: String?, body: Data) -> (Int, [String: String], Data) {
        let (status, headers, json) = respond(method: method, path: path, query: query, token: token, ifNoneMatch: ifNoneMatch, body: body)
        return (status, headers, status == 304 ? Data() : (try? JSONSerialization.data(withJSONObject: json)) ?? Data())
    }

    private func respond(method: String, path: String, query: [String: String], token: String?, ifNoneMatch: String?, body: Data) -> (Int, [String: String], Any) {
        requests.append("\(method) \(path)")
        if !refusals.isEmpty {
            let refusal = refusals.removeFirst()
            return (refusal.status, refusal.headers, ["message": refusal.message])
        }
        guard let token, let login = tokens[token] else { return (401, [:], ["message": "Bad credentials"]) }
        let parts = path.split(separator: "/").map(String.init)
        switch (method, parts.count) {
        case ("GET", 1) where parts[0] == "user":
            return (200, [:], ["login": login, "id": 1])
        case ("GET", 1) where parts[0] == "gists":
            let page = Int(query["page"] ?? "1") ?? 1, perPage = Int(query["per_page"] ?? "30") ?? 30
            let own = gists.values.filter { $0.owner == login }.sorted { $0.id < $1.id }
            return (200, [:], own.dropFirst((page - 1) * perPage).prefix(perPage).map { ["id": $0.id, "description": $0.description] })
        case ("POST", 1) where parts[0] == "gists":
            guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let files = Self.files(json["files"]), !files.isEmpty else {
                return (422, [:], ["message": "Validation Failed"])
            }
            let id = nextId()
            gists[id] = Gist(id: id, owner: login, description: json["description"] as? String ?? "", isPublic: json["public"] as? Bool ?? false,
                             revisions: [Revision(version: nextId(), committedAt: Date(), files: files)])
            return (201, [:], document(gists[id]!, revision: gists[id]!.revisions.last!))
        case ("PATCH", 2) where parts[0] == "gists":
            guard var gist = gists[parts[1]], gist.owner == login else { return (404, [:], ["message": "Not Found"]) }
            guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let files = Self.files(json["files"]) else {
                return (422, [:], ["message": "Validation Failed"])
            }
            gist.revisions.append(Revision(version: nextId(), committedAt: Date(), files: gist.revisions.last!.files.merging(files) { $1 }))
            gists[gist.id] = gist
            return (200, [:], document(gist, revision: gist.revisions.last!))
        case ("GET", 2) where parts[0] == "gists", ("GET", 3) where parts[0] == "gists":
            guard let gist = gists[parts[1]], gist.owner == login else { return (404, [:], ["message": "Not Found"]) }
            if parts.count == 3 && parts[2] == "commits" {
                let commits = gist.revisions.reversed().map { ["version": $0.version, "committed_at": ISO8601DateFormatter().string(from: $0.committedAt)] }
                return conditional(commits, ifNoneMatch: ifNoneMatch)
            }
            let revision = parts.count == 3 ? gist.revisions.first { $0.version == parts[2] } : gist.revisions.last
            guard let revision else { return (404, [:], ["message": "Not Found"]) }
            return conditional(document(gist, revision: revision), ifNoneMatch: ifNoneMatch)
        default:
            return (404, [:], ["message": "Not Found"])
        }
    }

    /// A GET's answer with its ETag, or 304 when the client has it already.
    private func conditional(_ body: Any, ifNoneMatch: String?) -> (Int, [String: String], Any) {
        let data = (try? JSONSerialization.data(withJSONObject: body, options: .sortedKeys)) ?? Data()
        let etag = "\"\(data.hashValue)\""
        if ifNoneMatch == etag {
            notModified += 1
            return (304, ["ETag": etag], NSNull())
        }
        return (200, ["ETag": etag], body)
    }

    private func document(_ gist: Gist, revision: Revision) -> [String: Any] {
        ["id": gist.id, "description": gist.description, "public": gist.isPublic,
         "files": revision.files.mapValues { ["content": $0, "truncated": false] },
         "history": gist.revisions.reversed().map { ["version": $0.version] }]
    }

    private static func files(_ value: Any?) -> [String: String]? {
        guard let files = value as? [String: Any] else { return nil }
        var result: [String: String] = [:]
        for (name, file) in files {
            guard let content = (file as? [String: Any])?["content"] as? String, !content.isEmpty else { return nil }
            result[name] = content
        }
        return result
    }
}

/// Runs `body` with the fake GitHub API live on a free port; its base URL.
func withFakeGitHub(_ body: @escaping @Sendable (FakeGitHub, String) async throws -> Void) async throws {
    let github = FakeGitHub()
    let router = Router()
    router.on("**", method: .get) { request, context in try await answer(github, request, context) }
    router.on("**", method: .post) { request, context in try await answer(github, request, context) }
    router.on("**", method: .patch) { request, context in try await answer(github, request, context) }
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in try await body(github, "http://127.0.0.1:\(client.port!)") }
}

@Sendable private func answer(_ github: FakeGitHub, _ request: Request, _ context: BasicRequestContext) async throws -> Response {
    var request = request
    let body = Data(buffer: try await request.collectBody(upTo: 10 << 20))
    let authorization = request.headers[.authorization] ?? ""
    let token = authorization.hasPrefix("Bearer ") ? String(authorization.dropFirst(7)) : nil
    let query = Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { $1 })
    let (status, headers, data) = await github.answer(method: request.method.rawValue, path: request.uri.path, query: query, token: token,
                                                      ifNoneMatch: request.headers[.ifNoneMatch], body: body)
    var fields = HTTPFields()
    for (name, value) in headers { fields[.init(name)!] = value }
    guard status != 304 else { return Response(status: .notModified, headers: fields) }
    fields[.contentType] = "application/json"
    return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
}
