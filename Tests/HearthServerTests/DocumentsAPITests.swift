import Foundation
import HearthCore
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import ZIPFoundation
@testable import HearthServer

/// Documents on items: a manual uploaded, typed from its bytes, served small and as a download,
/// renamed and deleted; refused when damaged; in the backup's ZIP and in a claim pack.
@Suite struct DocumentsAPITests {
    static let manual = (name: "dishwasher-manual.pdf", type: "application/pdf")

    func get(_ client: some TestClientProtocol, _ path: String, token: String) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        return try await client.execute(uri: path, method: .get, headers: headers)
    }

    func documents(_ api: APIClient, item: String, token: String) async throws -> [[String: Any]] {
        try await api.send(.get, "/api/v1/inventory/items/\(item)/documents", token: token).json()["documents"] as? [[String: Any]] ?? []
    }

    @Test func aManualIsAttachedShownSmallDownloadedAsItWasRenamedAndDeleted() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let item = try await api.newItem(#"{"name":"Dishwasher"}"#, token: token)
            let pdf = try MediaFixture.data("document.pdf")
            let id = UUID().uuidString
            let path = "/api/v1/inventory/items/\(item)/documents?kind=manual&id=\(id)"
            let uploaded = try await api.upload(path, files: [(Self.manual.name, Self.manual.type, pdf)], token: token)
            #expect(uploaded.status == .created, "\(uploaded.text)")
            let document = try uploaded.json()
            #expect(document["kind"] as? String == "manual" && document["title"] as? String == "dishwasher-manual")
            #expect(document["fileName"] as? String == "dishwasher-manual.pdf" && document["contentType"] as? String == "application/pdf")
            #expect(document["pageCount"] as? Int == 1 && document["byteSize"] as? Int == pdf.count)
            // Sent again with its id (the answer was lost): the same document, once.
            let again = try await api.upload(path, files: [(Self.manual.name, Self.manual.type, pdf)], token: token)
            #expect(try again.status == .ok && (again.json()["id"] as? String)?.uppercased() == id.uppercased())
            #expect(try await documents(api, item: item, token: token).count == 1)
            // Its first page as a JPEG; the file as uploaded, as a download under its name.
            let thumb = try await get(client, try #require(document["thumbUrl"] as? String), token: token)
            #expect(thumb.status == .ok && thumb.headers[.contentType] == "image/jpeg" && Data(buffer: thumb.body).starts(with: [0xFF, 0xD8]))
            let file = try await get(client, try #require(document["fileUrl"] as? String), token: token)
            #expect(file.status == .ok && file.headers[.contentType] == "application/pdf" && Data(buffer: file.body) == pdf)
            #expect(file.headers[.contentDisposition] == "attachment; filename=\"dishwasher-manual.pdf\"; filename*=UTF-8''dishwasher-manual.pdf")
            // Renamed, and found to be the warranty card after all.
            let documentPath = "/api/v1/inventory/items/\(item)/documents/\(id)"
            let renamed = try await api.send(.patch, documentPath, json: #"{"kind":"warranty","title":"Warranty card"}"#, token: token)
            #expect(try renamed.status == .ok && (renamed.json()["title"] as? String) == "Warranty card" && (renamed.json()["kind"] as? String) == "warranty")
            // Deleted: gone, and so is its file.
            #expect(try await api.send(.delete, documentPath, token: token).status == .noContent)
            #expect(try await get(client, try #require(document["fileUrl"] as? String), token: token).status == .notFound)
            #expect(try await documents(api, item: item, token: token).isEmpty)
        }
    }

    @Test func theTypeComesFromTheBytesAndADamagedOrForeignFileChangesNothing() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let item = try await api.newItem(#"{"name":"Ring"}"#, token: token)
            let base = "/api/v1/inventory/items/\(item)/documents"
            // A PNG called .pdf is a PNG, and downloads as one; a name with a path loses the path.
            let png = try await api.upload(base + "?kind=appraisal", files: [("../../etc/evil.pdf", "application/pdf", try MediaFixture.data("image.png"))], token: token)
            #expect(try png.status == .created && (png.json()["contentType"] as? String) == "image/png", "\(png.text)")
            #expect((try png.json()["fileName"] as? String) == "evil.png")
            // Not a document at all; a damaged PDF; a title that breaks the rules: refused, nothing added.
            let text = try await api.upload(base, files: [("notes.pdf", "application/pdf", Data("just some text".utf8))], token: token)
            #expect(text.status == .unsupportedMediaType, "\(text.text)")
            let damaged = try await api.upload(base, files: [("broken.pdf", "application/pdf", Data("%PDF-1.7\n1 0 obj << /Type /Catalog >>\n".utf8))], token: token)
            #expect(damaged.status == .unprocessableContent && damaged.text.contains("damaged"), "\(damaged.text)")
            let badTitle = try await api.upload(base + "?title=%20", files: [("a.pdf", "application/pdf", try MediaFixture.data("document.pdf"))], token: token)
            #expect(try badTitle.status == .created && (badTitle.json()["title"] as? String) == "a", "a blank title takes the file's name")
            let unknownKind = try await api.upload(base + "?kind=deed", files: [("a.pdf", "application/pdf", try MediaFixture.data("document.pdf"))], token: token)
            #expect(unknownKind.status == .badRequest)
            #expect(try await documents(api, item: item, token: token).count == 2)
            // An item in Recently deleted keeps its documents, but takes no new ones.
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(item)", token: token).status == .noContent)
            #expect(try await documents(api, item: item, token: token).count == 2)
            let late = try await api.upload(base, files: [("a.pdf", "application/pdf", try MediaFixture.data("document.pdf"))], token: token)
            #expect(late.status == .gone)
        }
    }

    @Test func anotherHouseholdNeitherSeesNorAddsDocuments() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org"), bob = try await api.signUp(email: "bob@example.org")
            let item = try await api.newItem(#"{"name":"Boiler"}"#, token: ada)
            let document = try await api.upload("/api/v1/inventory/items/\(item)/documents", files: [("m.pdf", "application/pdf", try MediaFixture.data("document.pdf"))], token: ada).json()
            let id = try #require(document["id"] as? String)
            for path in ["/api/v1/inventory/items/\(item)/documents", "/api/v1/inventory/items/\(item)/documents/\(id)",
                         "/api/v1/inventory/items/\(item)/documents/\(id)/file", "/api/v1/inventory/items/\(item)/documents/\(id)/file?size=thumb"] {
                #expect(try await get(client, path, token: bob).status == .notFound, "\(path)")
            }
            let added = try await api.upload("/api/v1/inventory/items/\(item)/documents", files: [("m.pdf", "application/pdf", try MediaFixture.data("document.pdf"))], token: bob)
            #expect(added.status == .notFound)
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(item)/documents/\(id)", token: bob).status == .notFound)
            #expect(try await documents(api, item: item, token: ada).count == 1)
        }
    }

    @Test func aDocumentGoesThroughTheBackupsZIPAndIsLeftOutWithAWarningWithoutItsFile() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let item = try await api.newItem(#"{"name":"Boiler"}"#, token: ada)
            let pdf = try MediaFixture.data("document.pdf")
            let uploaded = try await api.upload("/api/v1/inventory/items/\(item)/documents?kind=manual&title=Service%20manual",
                                                files: [("boiler.pdf", "application/pdf", pdf)], token: ada).json()
            let zip = Data(buffer: try await get(client, "/api/v1/backup", token: ada).body)
            let json = Data(buffer: try await get(client, "/api/v1/backup?media=false", token: ada).body)
            // Purged after the backup; the ZIP brings it back with its manual.
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(item)", token: ada).status == .noContent)
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(item)/purge", token: ada).status == .noContent)
            let restored = try await api.upload("/api/v1/backup/restore?strategy=merge", files: [("b.zip", "application/zip", zip)], token: ada)
            #expect(try restored.status == .ok && (restored.json()["documents"] as? [String: Int])?["added"] == 1, "\(restored.text)")
            let documents = try await documents(api, item: item, token: ada)
            #expect(documents.first?["title"] as? String == "Service manual" && documents.first?["id"] as? String == uploaded["id"] as? String)
            let file = try await get(client, try #require(documents.first?["fileUrl"] as? String), token: ada)
            #expect(file.status == .ok && Data(buffer: file.body) == pdf)
            // Bob restores the JSON alone: the boiler comes, its manual (no file) does not, and he is told.
            let bob = try await api.signUp(email: "bob@example.org")
            let bobs = try await api.upload("/api/v1/backup/restore?strategy=merge", files: [("b.json", "application/json", json)], token: bob)
            #expect(try bobs.status == .ok && (bobs.json()["documents"] as? [String: Int])?["skipped"] == 1, "\(bobs.text)")
            #expect((try bobs.json()["warnings"] as? [String])?.contains("1 document was left out: its file is not in the backup.") == true)
        }
    }

    @Test func theClaimPackCarriesAppraisalsAndWarrantiesButNotManuals() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let ring = try await api.newItem(#"{"name":"Ring","replacementValue":{"amount":250000,"currency":"USD"}}"#, token: token)
            let pdf = try MediaFixture.data("document.pdf")
            for kind in ["appraisal", "manual", "warranty"] {
                let added = try await api.upload("/api/v1/inventory/items/\(ring)/documents?kind=\(kind)", files: [("\(kind).pdf", "application/pdf", pdf)], token: token)
                #expect(added.status == .created)
            }
            let body = #"{"incident":{"kind":"theft","date":"2027-01-10"},"items":[{"itemId":"\#(ring)"}]}"#
            let id = try await api.send(.post, "/api/v1/inventory/claims", json: body, token: token).json()["id"] as? String ?? ""
            #expect(try await api.send(.post, "/api/v1/inventory/claims/\(id)/freeze", token: token).status == .ok)
            let zip = try await get(client, "/api/v1/inventory/claims/\(id)/claim-pack.zip", token: token)
            let archive = try Archive(data: Data(zip.body.readableBytesView), accessMode: .read)
            let names = Set(archive.map(\.path)).filter { $0.hasPrefix("documents/") }
            #expect(names == ["documents/01-ring-appraisal-1.pdf", "documents/01-ring-warranty-1.pdf"])
            var appraisal = Data()
            _ = try archive.extract(try #require(archive["documents/01-ring-appraisal-1.pdf"])) { appraisal.append($0) }
            #expect(appraisal == pdf)
        }
    }
}
