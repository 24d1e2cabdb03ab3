import AsyncHTTPClient
import Crypto
import Foundation
import HearthCore
import NIOCore
import NIOHTTP1

/// The gist endpoints of GitHub's REST API (or a GitHub Enterprise server's, `HEARTH_GITHUB_API_URL`)
/// as the lists' backup uses them, with one person's token. Every request goes through the address
/// guard of webhooks; answers to GETs are kept with their `ETag` and asked for again conditionally,
/// so an unchanged gist costs no rate limit.
struct GitHubGists: Sendable {
    let apiURL: String
    let token: String
    let allowLoopback: Bool
    let cache: ResponseCache

    struct User: Decodable { let login: String }

    struct Gist: Decodable {
        let id: String
        let description: String?
        let files: [String: File]

        struct File: Decodable {
            let content: String?
            /// Content past 1 MB is left out of the gist's answer: it is at `raw_url`.
            let truncated: Bool?
            let rawURL: String?

            enum CodingKeys: String, CodingKey {
                case content, truncated
                case rawURL = "raw_url"
            }
        }
    }

    struct Commit: Decodable {
        let version: String
        let committedAt: Date

        enum CodingKeys: String, CodingKey {
            case version
            case committedAt = "committed_at"
        }
    }

    /// The token's account.
    func user() async throws -> User {
        try decode(User.self, try await send("GET", "/user"))
    }

    /// The id of the token's gist with this description (the first 1,000 gists are looked through).
    func findGist(description: String) async throws -> String? {
        struct Listed: Decodable { let id: String; let description: String? }
        for page in 1...10 {
            let listed = try decode([Listed].self, try await send("GET", "/gists?per_page=100&page=\(page)"))
            if let found = listed.first(where: { $0.description == description }) { return found.id }
            if listed.count < 100 { return nil }
        }
        return nil
    }

    /// Makes a secret gist with `files` (name → text); its id.
    func create(description: String, files: [String: String]) async throws -> String {
        let body: [String: Any] = ["description": description, "public": false, "files": files.mapValues { ["content": $0] }]
        return try decode(Gist.self, try await send("POST", "/gists", json: body)).id
    }

    /// Replaces the gist's `files` (name → text); a new revision.
    func update(id: String, files: [String: String]) async throws {
        _ = try await send("PATCH", "/gists/\(Self.escape(id))", json: ["files": files.mapValues { ["content": $0] }])
    }

    /// The gist's revisions, newest first (at most 100).
    func commits(id: String) async throws -> [Commit] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decode([Commit].self, try await send("GET", "/gists/\(Self.escape(id))/commits?per_page=100"), decoder: decoder)
    }

    /// The gist as it was at revision `version` (the newest when nil). A revision never changes:
    /// once read, it is not asked for again.
    func gist(id: String, version: String? = nil) async throws -> Gist {
        let path = "/gists/\(Self.escape(id))" + (version.map { "/\(Self.escape($0))" } ?? "")
        if version != nil, let kept = await cache.get(cacheKey(apiURL + path)) { return try decode(Gist.self, kept.body) }
        return try decode(Gist.self, try await send("GET", path))
    }

    /// A file's whole content, from its `raw_url` (for one the gist's answer truncated).
    func content(of file: Gist.File) async throws -> Data {
        guard file.truncated == true else { return Data((file.content ?? "").utf8) }
        guard let raw = file.rawURL, raw.hasPrefix("https://") || raw.hasPrefix("http://") else { throw GistBackupError.github("GitHub gave no address for a large file.") }
        return try await send("GET", url: raw)
    }

    // MARK: - Requests

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw GistBackupError.github("GitHub answered with something that is not what its API documents.")
        }
    }

    /// Sends one request; the body of a 2xx answer (a GET's from the cache on 304), else a ``GistBackupError``.
    private func send(_ method: String, _ path: String, json: [String: Any]? = nil) async throws -> Data {
        try await send(method, url: apiURL + path, json: json)
    }

    private func send(_ method: String, url: String, json: [String: Any]? = nil) async throws -> Data {
        let destination: OutboundDestination
        do {
            destination = try await OutboundDestination.resolve(url, allowLoopback: allowLoopback)
        } catch let refused as OutboundDestination.Refused {
            throw GistBackupError.unreachable(refused.description)
        }
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "Accept", value: "application/vnd.github+json")
        request.headers.add(name: "X-GitHub-Api-Version", value: "2022-11-28")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "User-Agent", value: "Hearth/\(HearthVersion.current)")
        let cacheKey = cacheKey(url)
        let cached = method == "GET" ? await cache.get(cacheKey) : nil
        if let cached { request.headers.add(name: "If-None-Match", value: cached.etag) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: json)))
        }
        let client = destination.client()
        let response: HTTPClientResponse, body: Data
        do {
            response = try await client.execute(request, timeout: .seconds(60))
            body = Data(buffer: try await response.body.collect(upTo: 32 << 20))
            try? await client.shutdown()
        } catch {
            try? await client.shutdown()
            throw GistBackupError.unreachable("GitHub (\(apiURL)) cannot be reached: \(error)")
        }
        let status = Int(response.status.code)
        if status == 304, let cached { return cached.body }
        if (200..<300).contains(status) {
            if method == "GET", let etag = response.headers.first(name: "ETag") { await cache.put(cacheKey, etag: etag, body: body) }
            return body
        }
        throw Self.failure(status: status, headers: response.headers, body: body)
    }

    /// What a refusal means, from its status, its rate-limit headers and GitHub's message.
    static func failure(status: Int, headers: HTTPHeaders, body: Data, now: Date = Date()) -> GistBackupError {
        struct Message: Decodable { let message: String? }
        let message = (try? JSONDecoder().decode(Message.self, from: body))?.message ?? ""
        if status == 403 || status == 429 {
            if let seconds = headers.first(name: "Retry-After").flatMap(Double.init) { return .rateLimited(until: now + seconds) }
            if headers.first(name: "x-ratelimit-remaining") == "0", let reset = headers.first(name: "x-ratelimit-reset").flatMap(Double.init) {
                return .rateLimited(until: Date(timeIntervalSince1970: reset))
            }
            if status == 429 { return .rateLimited(until: now + 60) }
        }
        switch status {
        case 401: return .tokenRefused(message.isEmpty ? "Bad credentials" : message)
        case 403: return .tokenRefused(message.isEmpty ? "the token may not use gists" : message)
        case 404: return .gistMissing
        case 422: return .github("GitHub refused the change: \(message.isEmpty ? "Validation Failed" : message)")
        default: return .github("GitHub answered \(status)\(message.isEmpty ? "" : ": \(message)")")
        }
    }

    /// Answers are kept per token: one person's never answers another's request.
    private func cacheKey(_ url: String) -> String {
        SHA256.hash(data: Data(token.utf8)).hexString + " " + url
    }

    static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? segment
    }

    /// GET answers by URL and token, with their `ETag`: small (gists of lists), and at most 200 kept.
    actor ResponseCache {
        private var entries: [String: (etag: String, body: Data)] = [:]
        private var order: [String] = []

        func get(_ key: String) -> (etag: String, body: Data)? { entries[key] }

        func put(_ key: String, etag: String, body: Data) {
            if entries.updateValue((etag, body), forKey: key) == nil { order.append(key) }
            while order.count > 200 { entries[order.removeFirst()] = nil }
        }
    }
}
