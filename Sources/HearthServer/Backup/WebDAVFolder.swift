import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A folder on a WebDAV server (Nextcloud, ownCloud, a NAS, `rclone serve webdav`) that files are
/// sent to: each one uploaded under a temporary name and then moved into place, so the folder never
/// shows half a file under a real name.
struct WebDAVFolder: Sendable {
    /// The folder's address, ending in `/`.
    let url: String
    let user: String?
    let password: String?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(url: String, user: String?, password: String?) {
        self.url = url.hasSuffix("/") ? url : url + "/"
        self.user = user
        self.password = password
    }

    /// The folder `name` inside this one (made on the server by ``create()``).
    func subfolder(_ name: String) -> WebDAVFolder {
        WebDAVFolder(url: url + Self.escape(name) + "/", user: user, password: password)
    }

    /// Makes the folder unless it is there already.
    func create() async throws {
        let status = try await send("MKCOL", to: url)
        // 405: there is something there already (the folder); 201: made.
        guard status == 201 || status == 405 else { throw failure("MKCOL", url, status) }
    }

    /// Uploads `file` as `name`: to a temporary name first, then moved into place.
    func upload(_ file: URL, as name: String) async throws {
        let partial = url + Self.escape("." + name + ".part")
        let chunks = try FileChunks(file) { ByteBuffer(data: $0) }
        let putStatus = try await send("PUT", to: partial, body: .stream(chunks, length: .known(Int64(chunks.size))), timeout: .hours(6))
        guard (200..<300).contains(putStatus) else { throw failure("PUT", partial, putStatus) }
        let moveStatus = try await send("MOVE", to: partial, headers: ["Destination": url + Self.escape(name), "Overwrite": "T"])
        guard (200..<300).contains(moveStatus) else { throw failure("MOVE", partial, moveStatus) }
    }

    /// The names of the files in the folder.
    func list() async throws -> [String] {
        var request = request("PROPFIND", to: url, headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"])
        request.body = .bytes(ByteBuffer(string: #"<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><resourcetype/></prop></propfind>"#))
        let response = try await execute(request, "PROPFIND", url, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 16 << 20)
        guard response.status.code == 207 else { throw failure("PROPFIND", url, Int(response.status.code)) }
        let folderPath = Self.trimmed(URL(string: url)?.path ?? "")
        return Self.hrefs(in: String(buffer: body)).compactMap { href in
            let path = Self.trimmed(URL(string: href, relativeTo: URL(string: url))?.path ?? href)
            guard !path.isEmpty, path != folderPath else { return nil }  // the folder itself
            return (path as NSString).lastPathComponent
        }
    }

    /// Deletes the file `name`; one that is gone already counts as deleted.
    func delete(_ name: String) async throws {
        let target = url + Self.escape(name)
        let status = try await send("DELETE", to: target)
        guard (200..<300).contains(status) || status == 404 else { throw failure("DELETE", target, status) }
    }

    // MARK: - Requests

    /// One client for every WebDAV request of the process: a server that is down fails the request
    /// at once (no retried connection until the deadline); no redirect is followed with a body.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    private func send(_ method: String, to target: String, headers: [String: String] = [:],
                      body: HTTPClientRequest.Body? = nil, timeout: TimeAmount = .seconds(60)) async throws -> Int {
        var request = request(method, to: target, headers: headers)
        request.body = body
        let response = try await execute(request, method, target, timeout: timeout)
        _ = try? await response.body.collect(upTo: 1 << 20)  // read it, so the connection can be used again
        return Int(response.status.code)
    }

    private func execute(_ request: HTTPClientRequest, _ method: String, _ target: String, timeout: TimeAmount) async throws -> HTTPClientResponse {
        do {
            return try await Self.client.execute(request, timeout: timeout)
        } catch {
            throw Failure(description: "\(method) \(Self.withoutCredentials(target)): the WebDAV server cannot be reached (\(error))")
        }
    }

    private func request(_ method: String, to target: String, headers: [String: String]) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: target)
        request.method = HTTPMethod(rawValue: method)
        if let user {
            let credentials = Data("\(user):\(password ?? "")".utf8).base64EncodedString()
            request.headers.add(name: "Authorization", value: "Basic \(credentials)")
        }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        return request
    }

    private func failure(_ method: String, _ target: String, _ status: Int) -> Failure {
        let reason = switch status {
        case 401: "the WebDAV server refused the user name or password (HEARTH_BACKUP_WEBDAV_USER, HEARTH_BACKUP_WEBDAV_PASSWORD)"
        case 403: "the WebDAV server does not let this user write there"
        case 404, 409: "the folder does not exist on the WebDAV server (check HEARTH_BACKUP_WEBDAV_URL)"
        case 507: "the WebDAV server is out of space"
        default: "the WebDAV server answered \(status)"
        }
        return Failure(description: "\(method) \(Self.withoutCredentials(target)): \(reason)")
    }

    /// A path segment as a URL carries it.
    static func escape(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? name
    }

    /// The `href`s of a PROPFIND answer, whatever prefix its XML gives the DAV namespace.
    static func hrefs(in xml: String) -> [String] {
        let pattern = /<(?:[A-Za-z0-9_]+:)?href>\s*([^<]*?)\s*<\/(?:[A-Za-z0-9_]+:)?href>/
        return xml.matches(of: pattern).map { String($0.output.1).replacingOccurrences(of: "&amp;", with: "&") }
    }

    private static func trimmed(_ path: String) -> String { path.hasSuffix("/") ? String(path.dropLast()) : path }

    static func withoutCredentials(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.password != nil || parts.user != nil else { return url }
        parts.user = nil
        parts.password = nil
        return parts.string ?? url
    }
}
