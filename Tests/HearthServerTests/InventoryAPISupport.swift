import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import HearthServer

/// Files for upload tests: the media fixtures, found from this file.
enum MediaFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HearthMediaTests/Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }
}

extension APIClient {
    /// Posts files as multipart parts named `file`, as a browser's form or `fetch` with FormData does.
    func upload(_ path: String, files: [(name: String, type: String, data: Data)], token: String?) async throws -> TestResponse {
        let boundary = "hearth-test-\(UUID().uuidString)"
        var body = Data()
        for file in files {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.name)\"\r\nContent-Type: \(file.type)\r\n\r\n".utf8))
            body.append(file.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        var headers = HTTPFields()
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(data: body))
    }

    /// Creates an item and returns its id.
    func newItem(_ json: String, token: String) async throws -> String {
        try await send(.post, "/api/v1/inventory/items", json: json, token: token).json()["id"] as? String ?? ""
    }
}

extension APIClient {
    /// Polls a receipt until OCR is done with it (status no longer `reading`), for up to 30 s.
    func receiptOnceRead(_ id: String, token: String) async throws -> [String: Any] {
        for _ in 0..<300 {
            let receipt = try await send(.get, "/api/v1/inventory/receipts/\(id)", token: token).json()
            if receipt["status"] as? String != "reading" { return receipt }
            try await Task.sleep(for: .milliseconds(100)) // polling interval while the reader works
        }
        throw CancellationError()
    }
}
