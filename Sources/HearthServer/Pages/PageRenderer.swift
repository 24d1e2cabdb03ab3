import Foundation
import Hummingbird
import Mustache

/// Renders page models with the Mustache templates in Resources/templates.
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    /// Short hash of the static files, appended to their URLs so browsers may cache them for a year.
    let assetVersion: String

    static func load() async throws -> PageRenderer {
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
