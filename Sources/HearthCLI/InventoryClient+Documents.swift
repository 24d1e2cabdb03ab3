import Foundation
import HearthAPI
import OpenAPIRuntime

extension InventoryClient {
    func documents(itemId: String) async throws -> [Components.Schemas.ItemDocument] {
        switch try await connection.call({ try await $0.listItemDocuments(path: .init(id: itemId)) }) {
        case .ok(let ok): try ok.body.json.documents
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// Attaches a file to an item, showing progress; sent again after a lost answer, it is attached once.
    func uploadDocument(_ file: URL, to itemId: String, kind: Components.Schemas.DocumentKind, title: String?) async throws -> Components.Schemas.ItemDocument {
        let progress = UploadProgress(files: [file])
        let part = Operations.UploadItemDocument.Input.Body.MultipartFormPayload.file(
            .init(payload: .init(body: try progress.body(for: file)), filename: file.lastPathComponent))
        let query = Operations.UploadItemDocument.Input.Query(kind: kind, title: title, id: UUID().uuidString)
        let output = try await connection.call {
            try await $0.uploadItemDocument(path: .init(id: itemId), query: query, body: .multipartForm(.init([part])))
        }
        progress.finish()
        switch output {
        case .created(let created): return try created.body.json
        case .ok(let again): return try again.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }
}
