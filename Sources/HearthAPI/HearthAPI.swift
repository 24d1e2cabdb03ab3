import Foundation

/// The Hearth API contract. `openapi.yaml` beside this file is the source; the OpenAPIGenerator
/// build plugin generates `Components`, `Operations`, `APIProtocol` (server) and `Client` from it.
public enum HearthAPIDocument {
    /// The OpenAPI document, served at `/api/openapi.yaml`.
    public static var yaml: String {
        get throws {
            guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
                throw CocoaError(.fileNoSuchFile)
            }
            return try String(contentsOf: url, encoding: .utf8)
        }
    }
}
