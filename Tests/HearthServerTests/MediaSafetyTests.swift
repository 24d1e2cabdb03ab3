import Foundation
import HearthCore
import HearthMedia
import HummingbirdTesting
import Logging
import Testing
@testable import HearthServer

/// The media files under hostile use: a hash never hands a file over, a file a row names is never
/// removed, and what crashes leave behind is swept.
@Suite struct MediaSafetyTests {
    static let photo = Data(repeating: 0, count: 1)

    func itemWithPhoto(_ api: APIClient, token: String, name: String) async throws -> (item: String, photo: String) {
        let item = try await api.newItem(#"{"name":"\#(name)"}"#, token: token)
        let uploaded = try await api.upload("/api/v1/inventory/items/\(item)/photos", files: [("p.png", "image/png", try MediaFixture.data("image.png"))],
                                            token: token)
        #expect(uploaded.status == .created, "\(uploaded.text)")
        let photos = try uploaded.json()["photos"] as? [[String: Any]] ?? []
        return (item, try #require(photos.last?["id"] as? String))
    }

    @Test func knowingAFilesHashIsNotEnoughToGetIt() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            _ = try await itemWithPhoto(api, token: ada, name: "Bike")
            let json = try await api.send(.get, "/api/v1/backup?media=false", token: ada)
            let bob = try await api.signUp(name: "Bob", email: "bob@example.org")
            let upload = [("ada.json", "application/json", Data(buffer: json.body))]
            // Bob's preview and restore of Ada's JSON (no media in it) do not tell him the file exists, nor link it.
            for path in ["/api/v1/backup/restore?strategy=merge&dryRun=true", "/api/v1/backup/restore?strategy=merge"] {
                let restored = try await api.upload(path, files: upload, token: bob)
                #expect(restored.status == .ok, "\(restored.text)")
                let photos = try restored.json()["photos"] as? [String: Int]
                #expect(photos?["added"] == 0 && photos?["skipped"] == 1, "\(restored.text)")
            }
            let zip = try await api.send(.get, "/api/v1/backup", token: bob)
            #expect(Data(buffer: zip.body).range(of: Data("media/".utf8)) == nil, "Bob's backup carries Ada's photo")
            // Ada's own JSON restores over her inventory with the photo: her household names the file.
            let replaced = try await api.upload("/api/v1/backup/restore?strategy=replace", files: upload, token: ada)
            #expect((try replaced.json()["photos"] as? [String: Int])?["added"] == 1, "\(replaced.text)")
        }
    }

    @Test(arguments: 1...3) func deletingAPhotoWhileAnotherHouseholdUploadsTheSameBytesLosesNoFile(round: Int) async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada\(round)@example.org")
            let bob = try await api.signUp(name: "Bob", email: "bob\(round)@example.org")
            let bobsItem = try await api.newItem(#"{"name":"Lamp"}"#, token: bob)
            for _ in 0..<10 {
                let adas = try await itemWithPhoto(api, token: ada, name: "Bike")
                async let deleted = api.send(.delete, "/api/v1/inventory/items/\(adas.item)/photos/\(adas.photo)", token: ada)
                async let uploaded = api.upload("/api/v1/inventory/items/\(bobsItem)/photos",
                                                files: [("p.png", "image/png", try MediaFixture.data("image.png"))], token: bob)
                #expect(try await deleted.status == .noContent)
                let photos = try await uploaded.json()["photos"] as? [[String: Any]] ?? []
                let id = try #require(photos.last?["id"] as? String)
                let original = try await api.send(.get, "/api/v1/inventory/items/\(bobsItem)/photos/\(id)?size=original", token: bob)
                #expect(original.status == .ok, "Bob's photo lost its file: \(original.text)")
                #expect(try await api.send(.delete, "/api/v1/inventory/items/\(bobsItem)/photos/\(id)", token: bob).status == .noContent)
            }
        }
    }

    @Test func aSweepRemovesWhatCrashesLeftAndNothingARecordNames() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-sweep-\(UUID().text)")
        defer { try? FileManager.default.removeItem(at: root) }
        let named: Set<String> = [String(repeating: "a", count: 64)]
        let library = try MediaLibrary(root: root.path, processor: ImageProcessor(), maxBytes: 1 << 20) { files, remove in
            let unnamed = files.filter { !named.contains($0) }
            unnamed.forEach(remove)
            return unnamed
        }
        let now = Date(), old = now - 2 * 86_400
        func write(_ url: URL, modified: Date) throws {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        }
        let (namedOld, unnamedOld, unnamedNew) = (String(repeating: "a", count: 64), String(repeating: "b", count: 64), String(repeating: "c", count: 64))
        for (sha, modified) in [(namedOld, old), (unnamedOld, old), (unnamedNew, now)] {
            try write(library.originalURL(sha), modified: modified)
            try write(try library.derivedURL(sha, size: .thumb), modified: modified)
        }
        let orphan = try library.derivedURL(String(repeating: "d", count: 64), size: .medium)
        try write(orphan, modified: old)
        // What a server killed mid-upload left: its folder (lock free now), and an older release's loose file.
        let tmp = root.appendingPathComponent("tmp")
        try write(tmp.appendingPathComponent("dead-server/.lock"), modified: now)
        try write(tmp.appendingPathComponent("dead-server/upload"), modified: now)
        try write(tmp.appendingPathComponent("loose-old"), modified: old)
        try write(tmp.appendingPathComponent("loose-new"), modified: now)
        let live = library.temporaryFolder.appendingPathComponent("upload")
        try write(live, modified: old)

        await library.sweep(now: now, logger: Logger(label: "test"))

        func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }
        #expect(try exists(library.originalURL(namedOld)) && exists(library.derivedURL(namedOld, size: .thumb)))
        #expect(try !exists(library.originalURL(unnamedOld)) && !exists(library.derivedURL(unnamedOld, size: .thumb)))
        #expect(exists(library.originalURL(unnamedNew)), "a file not a day old may be on its way to a record")
        #expect(!exists(orphan))
        #expect(!exists(tmp.appendingPathComponent("dead-server")) && !exists(tmp.appendingPathComponent("loose-old")))
        #expect(exists(tmp.appendingPathComponent("loose-new")) && exists(live), "a live server's files stay")
    }
}
