import Foundation
import HTTPTypes
import HearthCore
import HummingbirdTesting
import NIOCore
import Testing
import ZIPFoundation
@testable import HearthServer

/// Backup and restore through the API: the ZIP with photos, merge and replace, previews, bad archives.
@Suite struct BackupAPITests {
    /// Ada's inventory: a bike with a photo in the garage.
    func furnish(_ api: APIClient, token: String) async throws -> String {
        let rooms = try await api.send(.get, "/api/v1/inventory/rooms", token: token).json()["groups"] as? [[String: Any]] ?? []
        let garage = rooms.first { $0["name"] as? String == "Garage" }?["id"] as? String ?? ""
        let id = try await api.newItem(#"{"name":"Bike","roomId":"\#(garage)","serialNumber":"WTU-1","purchasePrice":{"amount":129900,"currency":"USD"}}"#, token: token)
        let uploaded = try await api.upload("/api/v1/inventory/items/\(id)/photos", files: [("bike.png", "image/png", try MediaFixture.data("image.png"))], token: token)
        #expect(uploaded.status == .created)
        return id
    }

    func download(_ client: some TestClientProtocol, _ path: String, token: String) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        return try await client.execute(uri: path, method: .get, headers: headers)
    }

    func itemNames(_ api: APIClient, token: String) async throws -> [String] {
        let items = try await api.send(.get, "/api/v1/inventory/items", token: token).json()["items"] as? [[String: Any]] ?? []
        return items.compactMap { $0["name"] as? String }.sorted()
    }

    @Test func aBackupWithPhotosRestoresIntoAnEmptiedInventory() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let bike = try await furnish(api, token: token)
            // The ZIP, named for its time, with the photo.
            let zip = try await download(client, "/api/v1/backup", token: token)
            #expect(zip.status == .ok && zip.headers[.contentType] == "application/zip")
            #expect(zip.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"hearth-backup-") == true)
            let archive = Data(buffer: zip.body)
            #expect(archive.starts(with: [0x50, 0x4B]) && archive.range(of: Data("manifest.json".utf8)) != nil)
            // After the backup: the bike is purged, a kettle is added.
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(bike)", token: token).status == .noContent)
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(bike)/purge", token: token).status == .noContent)
            _ = try await api.newItem(#"{"name":"Kettle"}"#, token: token)
            // A preview changes nothing.
            let preview = try await api.upload("/api/v1/backup/restore?strategy=replace&dryRun=true", files: [("b.zip", "application/zip", archive)], token: token)
            #expect(preview.status == .ok, "\(preview.text)")
            let counts = try preview.json()["items"] as? [String: Int]
            #expect(counts?["added"] == 1 && counts?["removed"] == 1)
            #expect(try await itemNames(api, token: token) == ["Kettle"])
            // Merge brings the bike back beside the kettle, with its photo served again.
            let merged = try await api.upload("/api/v1/backup/restore?strategy=merge", files: [("b.zip", "application/zip", archive)], token: token)
            let photos = try merged.json()["photos"] as? [String: Int]
            #expect(merged.status == .ok && photos?["added"] == 1, "\(merged.text)")
            #expect(try await itemNames(api, token: token) == ["Bike", "Kettle"])
            let restored = try await api.send(.get, "/api/v1/inventory/items/\(bike)", token: token).json()
            let thumb = try #require(restored["thumbnailUrl"] as? String)
            #expect(try await api.send(.get, thumb, token: token).status == .ok)
            // Replace leaves the backup alone.
            let replaced = try await api.upload("/api/v1/backup/restore?strategy=replace", files: [("b.zip", "application/zip", archive)], token: token)
            #expect(replaced.status == .ok, "\(replaced.text)")
            #expect(try await itemNames(api, token: token) == ["Bike"])
        }
    }

    @Test func theJSONBackupHasNoSecretsAndAnotherHouseholdsBackupHasNoneOfTheseItems() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            _ = try await furnish(api, token: ada)
            let json = try await download(client, "/api/v1/backup?media=false", token: ada)
            #expect(json.status == .ok && json.headers[.contentType] == "application/octet-stream")
            #expect(json.headers[.contentDisposition]?.hasSuffix(".json\"") == true)
            let text = json.text
            #expect(text.contains("\"Bike\"") && text.contains("\"formatVersion\""))
            for secret in ["password", "$2b$", "token", ada] { #expect(!text.contains(secret), "the backup holds \(secret)") }
            let bob = try await api.signUp(name: "Bob", email: "bob@example.org")
            #expect(!(try await download(client, "/api/v1/backup?media=false", token: bob)).text.contains("Bike"))
        }
    }

    @Test func badArchivesAreRefusedAndChangeNothing() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            _ = try await furnish(api, token: token)
            let archive = Data(buffer: try await download(client, "/api/v1/backup", token: token).body)
            var damaged = archive
            // A byte of the photo (stored as it is) changed: its SHA-256 is no longer the manifest's.
            let photoStart = try #require(damaged.range(of: Data([0x89, 0x50, 0x4E, 0x47]))).lowerBound
            damaged[photoStart + 100] ^= 0xFF
            let cases: [(String, Data, Int)] = [
                ("not an archive", try MediaFixture.data("image.png"), 415),
                ("a truncated archive", archive.prefix(archive.count / 2), 415),
                ("a damaged photo", damaged, 422),
                ("a newer format", Data(#"{"formatVersion":99}"#.utf8), 422),
                ("JSON of something else", Data(#"{"name":"x"}"#.utf8), 415),
            ]
            for (name, data, status) in cases {
                let response = try await api.upload("/api/v1/backup/restore?strategy=replace", files: [("b.zip", "application/zip", data)], token: token)
                #expect(response.status.code == status, "\(name) answered \(response.status.code): \(response.text)")
                #expect(try response.json()["detail"] as? String != nil)
            }
            #expect(try await itemNames(api, token: token) == ["Bike"])
            #expect(try await api.upload("/api/v1/backup/restore", files: [], token: nil).status == .unauthorized)
        }
    }

    @Test func anArchiveWithAPathOutsideItsFoldersOrTooLargeOnceExpandedIsRefused() async throws {
        try await withApp(clock: VirtualClock(), configure: { $0.limits.maxBackupBytes = 2 * 1_048_576 }) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            _ = try await furnish(api, token: token)
            let archive = Data(buffer: try await download(client, "/api/v1/backup", token: token).body)
            // Zip-slip: an entry that would land two folders above the media folder.
            let slipped = try Archive(data: archive, accessMode: .update)
            let evil = Data("owned".utf8)
            try slipped.addEntry(with: "media/../../evil.sh", type: .file, uncompressedSize: Int64(evil.count)) { (position: Int64, size: Int) in
                evil.subdata(in: Int(position)..<min(Int(position) + size, evil.count))
            }
            // A bomb: 16 MB of zeros that deflate to a few kilobytes.
            let bomb = try Archive(data: archive, accessMode: .update)
            let zeros = Data(count: 16 * 1_048_576)
            try bomb.addEntry(with: "media/zeros", type: .file, uncompressedSize: Int64(zeros.count), compressionMethod: .deflate) { (position: Int64, size: Int) in
                zeros.subdata(in: Int(position)..<min(Int(position) + size, zeros.count))
            }
            for (name, data, status) in [("zip-slip", try #require(slipped.data), 422), ("zip bomb", try #require(bomb.data), 413)] {
                #expect(data.count < 1_048_576, "the \(name) archive itself is small")
                let response = try await api.upload("/api/v1/backup/restore?strategy=replace", files: [("b.zip", "application/zip", data)], token: token)
                #expect(response.status.code == status, "\(name) answered \(response.status.code): \(response.text)")
            }
            #expect(try await itemNames(api, token: token) == ["Bike"])
        }
    }

    /// More items than one batch, restored into another household: each batch's rows go in while
    /// the next is read and planned, never two statements at once on the transaction's connection
    /// (on SQLite that corrupted the restore: "database disk image is malformed").
    @Test func aBackupOfSeveralBatchesRestoresWhole() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let csv = "Name,Room,Tags\n" + (0..<3_000).map { "Jar \($0),\($0 % 3 == 0 ? "Kitchen" : ""),\($0 % 2 == 0 ? "Pantry" : "")" }.joined(separator: "\n")
            let imported = try await api.upload("/api/v1/inventory/import?format=hearth", files: [("jars.csv", "text/csv", Data(csv.utf8))], token: ada)
            #expect(try imported.json()["created"] as? Int == 3_000)
            let backup = try await download(client, "/api/v1/backup?media=false", token: ada)
            let bob = try await api.signUp(email: "bob@example.org")
            let restored = try await api.upload("/api/v1/backup/restore?strategy=merge", files: [("b.json", "application/json", Data(backup.body.readableBytesView))], token: bob)
            #expect(restored.status == .ok, "\(restored.text)")
            #expect((try restored.json()["items"] as? [String: Any])?["added"] as? Int == 3_000)
            let page = try await api.send(.get, "/api/v1/inventory/items?q=asset:3000", token: bob).json()["items"] as? [[String: Any]] ?? []
            #expect(page.count == 1)
        }
    }
}
