import Foundation
import Hummingbird
import Mustache

/// Renders page models with the Mustache templates in Resources/templates.
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    /// Short hash of the static files, appended to their URLs so browsers may cache them for a year.
    let assetVersion: String

    /// The templates and the static files' hash, read once a process: they are the server's own
    /// resources, unchanged while it runs. (A test run builds hundreds of servers; parsing the
    /// templates for each took a tenth of a second of a debug build's time.)
    static func load() async throws -> PageRenderer {
        try await loaded.value
    }

    private static let loaded = Task {
        let library = try await MustacheLibrary(directory: Resources.templates.path)
        return PageRenderer(library: library, assetVersion: try Resources.assetVersion())
    }

    /// An HTML response from `template` rendered with `model`.
    func render(_ template: String, _ model: some Sendable, status: HTTPResponse.Status = .ok) throws -> Response {
        guard let html = library.render(model, withTemplate: template) else {
            throw HTTPError(.internalServerError, message: "Missing template \(template)")
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
