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

    @Test func anArchiveReadsBackWithItsPhotos() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (backup, media) = try backupWithPhoto()
        let contents = try BackupArchive.read(try written(backup, media: media), extractingTo: folder.appendingPathComponent("out"), limit: 1 << 20)
        #expect(contents.backup == backup)
        let sha = backup.items[0].photos[0].file.sha256
        #expect(try Data(contentsOf: try #require(contents.media[sha])) == Data("a photo".utf8))
    }

    @Test func theJSONAloneReadsBackWithoutMedia() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (backup, _) = try backupWithPhoto()
        let url = folder.appendingPathComponent("nestory-backup.json")
        try backup.json().write(to: url)
        let contents = try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20)
        #expect(contents.backup == backup && contents.media.isEmpty)
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
        #expect(try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20).backup.claims?.count == 1)
        backup.claims?[0].snapshot = snapshot.replacingOccurrences(of: "[]", with: "[1]")
        try backup.json().write(to: url)
        #expect(throws: BackupError.checksumMismatch("claims[0].snapshot")) { try BackupArchive.read(url, extractingTo: folder, limit: 1 << 20) }
    }
}
