import Crypto
import Foundation
import HearthCore
import Testing
import ZIPFoundation
@testable import HearthReports

/// Backup archives: what is written reads back, and every kind of bad archive is refused.
@Suite struct BackupArchiveTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-tests-\(UUID().uuidString)")

    /// A backup with one item whose photo is `photo`, kept in `folder/media`.
    func backupWithPhoto(_ photo: Data = Data("a photo".utf8)) throws -> (HouseholdBackup, URL) {
        let sha = SHA256.hex(photo)
        let media = folder.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try photo.write(to: media.appendingPathComponent(sha))
        let now = Date(timeIntervalSince1970: 1_790_000_000.25)
        var item = HouseholdBackup.Item(
            InventoryItem(id: UUID(), householdId: UUID(), name: "Vélo — 自転車", quantity: 1, purchasePrice: Money(amount: 129_999, currency: "EUR"),
                          createdAt: now, updatedAt: now),
            photos: [], roomName: "Garage", categoryName: nil)
        item.photos = [.init(id: UUID(), file: StoredFile(sha256: sha, contentType: "image/jpeg", byteSize: photo.count, width: 1, height: 1))]
        let backup = HouseholdBackup(appVersion: "test", exportDate: now, household: .init(name: "Home", currency: "EUR"), items: [item])
        return (backup, media)
    }

    func written(_ backup: HouseholdBackup, media: URL) throws -> URL {
        let url = folder.appendingPathComponent("backup.zip")
        try BackupArchive.write(backup, media: { media.appendingPathComponent($0) }, to: url)
        return url
    }

    @Test func anArchiveReadsBackWithItsPhotos() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (backup, media) = try backupWithPhoto()
        let contents = try BackupArchive.read(try written(backup, media: media), extractingTo: folder.appendingPathComponent("out"), limit: 1 << 20)
        #expect(try await contents.backup.whole() == backup)
        let sha = backup.items[0].photos[0].file.sha256
        #expect(try Data(contentsOf: try #require(contents.media[sha])) == Data("a photo".utf8))
    }

    @Test func anEncryptedArchiveReadsBackWithItsPassphraseOnly() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (backup, media) = try backupWithPhoto()
        let encrypted = folder.appendingPathComponent("backup.zip.enc")
        try BackupCipher.encrypt(try written(backup, media: media), to: encrypted, passphrase: "a long passphrase", cost: 10)
        #expect(throws: BackupError.passphraseNeeded) { try BackupArchive.read(encrypted, extractingTo: folder.appendingPathComponent("a"), limit: 1 << 20) }
        #expect(throws: BackupError.wrongPassphrase) {
            try BackupArchive.read(encrypted, extractingTo: folder.appendingPathComponent("b"), limit: 1 << 20, passphrase: "another passphrase")
        }
        let contents = try BackupArchive.read(encrypted, extractingTo: folder.appendingPathComponent("c"), limit: 1 << 20, passphrase: "a long passphrase")
        #expect(try await contents.backup.whole() == backup)
        #expect(try Data(contentsOf: try #require(contents.media[backup.items[0].photos[0].file.sha256])) == Data("a photo".utf8))
    }

    @Test func theJSONAloneReadsBackWithoutMedia() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (backup, _) = try backupWithPhoto()
        let url = folder.appendingPathComponent("nestory-backup.json")
        try backup.json().write(to: url)
        let contents = try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20)
        #expect(try await contents.backup.whole() == backup && contents.media.isEmpty)
    }

    @Test func aFileThatIsNotABackupIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("photo.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).write(to: url)
        #expect(throws: BackupError.notABackup("it is neither a ZIP archive nor JSON.")) { try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20) }
        try Data(#"{"formatVersion": 7}"#.utf8).write(to: url)
        #expect(throws: BackupError.unsupportedFormat(7)) { try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20) }
    }

    @Test func aPhotoThatDoesNotMatchItsChecksumIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (backup, media) = try backupWithPhoto()
        let sha = backup.items[0].photos[0].file.sha256
        try Data("another photo".utf8).write(to: media.appendingPathComponent(sha)) // the file changed after it was hashed
        let out = folder.appendingPathComponent("out")
        #expect(throws: BackupError.checksumMismatch("media/" + sha)) { try BackupArchive.read(try written(backup, media: media), extractingTo: out, limit: 1 << 20) }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path))?.isEmpty ?? true)
    }

    @Test func aPathLeavingTheArchiveIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (backup, media) = try backupWithPhoto()
        let url = try written(backup, media: media)
        let archive = try Archive(url: url, accessMode: .update)
        let evil = Data("owned".utf8)
        try archive.addEntry(with: "media/../../etc/cron.d/evil", type: .file, uncompressedSize: Int64(evil.count)) { (position: Int64, size: Int) in
            evil.subdata(in: Int(position)..<min(Int(position) + size, evil.count))
        }
        #expect(throws: BackupError.unsafePath("media/../../etc/cron.d/evil")) { try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20) }
        #expect(!BackupArchive.isSafe("/etc/passwd") && !BackupArchive.isSafe("C:\\x") && BackupArchive.isSafe("media/ab"))
    }

    @Test func anArchiveExpandingPastTheLimitIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // A photo of 4 MB against a limit of 1 MB: the sizes the archive declares are checked before anything is extracted.
        let (backup, media) = try backupWithPhoto(Data(count: 4 << 20))
        let url = try written(backup, media: media)
        #expect(throws: BackupError.tooLarge(limitBytes: 1 << 20)) { try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20) }
        #expect(try BackupArchive.read(url, extractingTo: folder.appendingPathComponent("out"), limit: 8 << 20).media.count == 1)
    }

    @Test func aFrozenClaimWhoseSnapshotChangedIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var (backup, _) = try backupWithPhoto()
        let snapshot = #"{"claimId":"x","lines":[]}"#
        let claim = Claim(id: UUID(), householdId: UUID(), incident: Incident(kind: .theft, date: CalendarDate(iso: "2026-11-01")!), status: .frozen,
                          lines: [], snapshot: nil, snapshotJSON: Data(snapshot.utf8), sha256: SHA256.hex(Data(snapshot.utf8)),
                          createdAt: backup.exportDate, updatedAt: backup.exportDate)
        backup.claims = [HouseholdBackup.Claim(claim)]
        let url = folder.appendingPathComponent("backup.json")
        try backup.json().write(to: url)
        #expect(try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20).backup.outline.claims?.count == 1)
        backup.claims?[0].snapshot = snapshot.replacingOccurrences(of: "[]", with: "[1]")
        try backup.json().write(to: url)
        #expect(throws: BackupError.checksumMismatch("claims[0].snapshot")) { try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20) }
    }
}


/// Hostile and big backups: refused from the bytes that show what they are, read in bounded memory.
@Suite struct StreamedBackupTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-tests-\(UUID().uuidString)")

    func file(_ parts: [String]) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("backup.json")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        for part in parts { try handle.write(contentsOf: Data(part.utf8)) }
        try handle.close()
        return url
    }

    @Test func jsonThatIsNotABackupIsRefusedAtItsFirstUnknownKey() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // 64 MB of a string after a key no backup has: refused when the key is read, before the string.
        let url = try file([#"{"name": ""#, String(repeating: "x", count: 64 << 20), #""}"#])
        #expect(throws: BackupError.notABackup("it is JSON with “name”, which neither a Hearth nor a Nestory Pro backup has.")) { _ = try StreamedBackup.open(url) }
    }

    @Test func aRecordOrOutlineOverItsLimitIsRefusedWithoutReadingOn() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let limits = StreamedBackup.Limits(outline: 1 << 20, record: 1 << 20)
        let outline = try file([#"{"appVersion": ""#, String(repeating: "x", count: 2 << 20), #"", "formatVersion": 1}"#])
        #expect(throws: BackupError.invalidRecord("the backup without its items and receipts is over 1 MB")) {
            _ = try StreamedBackup.open(outline, limits: limits)
        }
        let start = #"{"formatVersion":1,"appVersion":"x","exportDate":"2026-11-27T00:00:00Z","household":{"name":"H","currency":"EUR"},"#
        let item = try file([start, #""rooms":[],"categories":[],"receipts":[],"items":[{"name":""#, String(repeating: "y", count: 2 << 20), #""}]}"#])
        let backup = try StreamedBackup.open(item, limits: limits)
        await #expect(throws: BackupError.invalidRecord("items[0] is over 1 MB")) { try await backup.items { _ in } }
    }

    @Test func aDamagedOrTruncatedFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for text in [#"{"formatVersion":1,"items":[{"a":1}"#, #"{"formatVersion":1}}"#, #"{"formatVersion" 1}"#, "[1,2]"] {
            #expect(throws: BackupError.self, "\(text)") { _ = try StreamedBackup.open(try file([text])) }
        }
        #expect(throws: BackupError.unsupportedFormat(2)) { _ = try StreamedBackup.open(try file([#"{"formatVersion":2,"items":[]}"#])) }
    }

    @Test func itemsComeInBatchesWithTheirPlaceInMessages() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let items = (0..<2_500).map { index in
            HouseholdBackup.Item(InventoryItem(id: UUID(), householdId: UUID(), name: "Item \(index)", quantity: 1, createdAt: now, updatedAt: now),
                                 photos: [], roomName: nil, categoryName: nil)
        }
        var backup = HouseholdBackup(appVersion: "test", exportDate: now, household: .init(name: "Home", currency: "EUR"), items: items)
        let url = folder.appendingPathComponent("b.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try backup.json().write(to: url)
        var sizes: [Int] = []
        try await StreamedBackup.open(url).items { sizes.append($0.count) }
        #expect(sizes == [1000, 1000, 500])
        backup.items[1_234].quantity = -1
        let text = String(decoding: try backup.json(), as: UTF8.self).replacingOccurrences(of: #""quantity":-1"#, with: #""quantity":"many""#)
        try Data(text.utf8).write(to: url)
        await #expect(throws: BackupError.self) { try await StreamedBackup.open(url).items { _ in } }
        do { try await StreamedBackup.open(url).items { _ in } } catch let error as BackupError {
            #expect(error.message.contains("items[1234].quantity"), "\(error.message)")
        }
    }
}

/// A backup written a page at a time is the JSON of the backup whole, byte for byte.
@Suite struct BackupJSONWriterTests {
    @Test func pagesWriteTheSameJSONAsTheWholeBackup() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writer-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date(timeIntervalSince1970: 1_790_000_000.5)
        let items = (0..<5).map { index in
            HouseholdBackup.Item(InventoryItem(id: UUID(), householdId: UUID(), name: "Item \(index) — “é”/x", quantity: 1, createdAt: now, updatedAt: now),
                                 photos: [], roomName: "Garage", categoryName: nil)
        }
        let receipt = HouseholdBackup.Receipt(Receipt(id: UUID(), householdId: UUID(), status: .confirmed, vendor: "Shop", itemIds: [items[0].id],
                                                      createdAt: now, updatedAt: now))
        for backup in [
            HouseholdBackup(appVersion: "test", exportDate: now, household: .init(name: "Home", currency: "EUR"),
                            rooms: [.init(id: UUID(), name: "Garage", icon: nil, position: 1, isDefault: true)], items: items, receipts: [receipt],
                            lists: [], members: [], claims: []),
            HouseholdBackup(appVersion: "test", exportDate: now, household: .init(name: "Home", currency: "EUR")),
        ] {
            let url = folder.appendingPathComponent("\(UUID().uuidString).json")
            let writer = try BackupJSONWriter(to: url)
            try await writer.outline(backup.outline)
            for page in backup.items.chunks(of: 2) { try await writer.items(page) }
            try await writer.receipts(backup.receipts)
            let written = try writer.finish()
            #expect(try Data(contentsOf: url) == backup.json())
            #expect(try written.counts.items == backup.items.count && written.sha256 == SHA256.hex(backup.json()))
        }
    }
}

extension StreamedBackup {
    /// The backup whole, items and receipts read back in.
    func whole() async throws -> HouseholdBackup {
        var backup = outline
        try await items { backup.items += $0 }
        try await receipts { backup.receipts += $0 }
        return backup
    }
}
