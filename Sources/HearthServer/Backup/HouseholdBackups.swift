import Foundation
import HearthCore
import HearthReports
import HearthStore

/// Backs a household up to one file and restores it: the store gives and takes the data, the
/// archive carries it with the media files, and this ties them to the media library. Archives are
/// written and read on a Dispatch thread, never on the Swift concurrency pool.
struct HouseholdBackups: Sendable {
    let inventory: InventoryStore
    let media: MediaLibrary
    let receiptQueue: ReceiptReader.Queue
    let clock: any WallClock
    /// What an archive may expand to, and an uploaded backup may weigh.
    let maxBytes: Int
    /// Where nightly backups are kept, a folder per household.
    let keptDirectory: String
    /// Where they are also sent, encrypted (nil: nowhere).
    var offsite: OffsiteBackups? = nil

    /// A backup file, made in the media library's temporary folder; the caller removes it.
    struct File: Sendable {
        let url: URL
        let name: String
        /// A ZIP with the media files, or the JSON alone.
        let withMedia: Bool
    }

    /// The household's backup: a ZIP with the media files, or (`withMedia` false) the JSON alone.
    /// The JSON is written as the store reads the household, a page at a time.
    func make(householdId: UUID, withMedia: Bool) async throws -> File {
        let json = media.temporaryFolder.appendingPathComponent(UUID().text)
        do {
            let writer = try BackupJSONWriter(to: json)
            try await inventory.backup(householdId: householdId, appVersion: HearthVersion.current, into: writer)
            let written = try writer.finish()
            let stamp = Self.stamp(written.exportDate)
            guard withMedia else { return File(url: json, name: "hearth-backup-\(stamp).json", withMedia: false) }
            defer { try? FileManager.default.removeItem(at: json) }
            let url = media.temporaryFolder.appendingPathComponent(UUID().text)
            let media = self.media
            do {
                try await Blocking.run {
                    try BackupArchive.write(json: json, written, media: { sha in media.has(sha) ? media.originalURL(sha) : nil }, to: url)
                }
            } catch {
                try? FileManager.default.removeItem(at: url)
                throw error
            }
            return File(url: url, name: "hearth-backup-\(stamp).zip", withMedia: true)
        } catch {
            try? FileManager.default.removeItem(at: json)
            throw error
        }
    }

    /// Restores an uploaded backup file by `strategy`; with `dryRun` only says what it would do. An
    /// encrypted backup is opened with `passphrase`.
    /// `timeZone` (the person restoring's) gives the days of another app's dates.
    /// The archive's files and checksums are checked before anything changes; its items and
    /// receipts are read, checked and written a batch at a time in one transaction (memory does not
    /// grow with the file), so a bad or partial file changes nothing.
    func restore(_ file: URL, householdId: UUID, strategy: RestoreStrategy, dryRun: Bool, timeZone: TimeZone,
                 passphrase: String? = nil) async throws -> RestoreSummary {
        let folder = media.temporaryFolder.appendingPathComponent("restore-\(UUID().text)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let limit = maxBytes
        let contents = try await Blocking.run {
            try BackupArchive.read(file, extractingTo: folder, limit: limit, timeZone: timeZone, passphrase: passphrase)
        }
        let archiveFiles = Set(contents.media.keys)
        do {
            let outcome = try await inventory.restore(contents.backup, householdId: householdId, strategy: strategy, archiveFiles: archiveFiles,
                                                      place: media.placer(contents.media), dryRun: dryRun)
            for receipt in outcome.receiptsToRead {
                receiptQueue.enqueue(.init(receiptId: receipt.id, householdId: householdId, sha256: receipt.sha256))
            }
            if !dryRun { await media.removeUnreferenced(outcome.releasedFiles) }
            return outcome.summary
        } catch {
            if !dryRun { await media.removeUnreferenced(Array(archiveFiles)) }  // put in place by a transaction that then failed
            throw error
        }
    }

    /// `20261124-140501`: when a backup was made, for its file name (UTC).
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02d-%02d%02d%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
    }
}
