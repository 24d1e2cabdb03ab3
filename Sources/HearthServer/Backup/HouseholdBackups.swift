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

    /// A backup file, made in the media library's temporary folder; the caller removes it.
    struct File: Sendable {
        let url: URL
        let name: String
        let contentType: String
    }

    /// The household's backup: a ZIP with the media files, or (`withMedia` false) the JSON alone.
    func make(householdId: UUID, withMedia: Bool) async throws -> File {
        let backup = try await inventory.backup(householdId: householdId, appVersion: HearthVersion.current)
        let stamp = Self.stamp(backup.exportDate)
        let url = try media.temporaryFolder().appendingPathComponent(UUID().text)
        let media = self.media
        do {
            if withMedia {
                try await Blocking.run { try BackupArchive.write(backup, media: { sha in media.has(sha) ? media.originalURL(sha) : nil }, to: url) }
                return File(url: url, name: "hearth-backup-\(stamp).zip", contentType: "application/zip")
            }
            try await Blocking.run { try backup.json().write(to: url) }
            return File(url: url, name: "hearth-backup-\(stamp).json", contentType: "application/json")
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }

    /// Restores an uploaded backup file by `strategy`; with `dryRun` only says what it would do.
    /// The archive is checked whole before anything changes, and the data is written in one
    /// transaction, so a bad or partial file changes nothing.
    func restore(_ file: URL, householdId: UUID, strategy: RestoreStrategy, dryRun: Bool) async throws -> RestoreSummary {
        let folder = try media.temporaryFolder().appendingPathComponent("restore-\(UUID().text)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let limit = maxBytes
        let contents = try await Blocking.run { try BackupArchive.read(file, extractingTo: folder, limit: limit) }
        let wanted = Set(contents.backup.files.map(\.sha256))
        let available = Set(contents.media.keys).union(wanted.filter(media.has))
        if !dryRun {
            for (sha256, url) in contents.media { try media.adopt(url, sha256: sha256) }
        }
        do {
            let outcome = try await inventory.restore(contents.backup, householdId: householdId, strategy: strategy,
                                                      availableFiles: available, dryRun: dryRun)
            for receipt in outcome.receiptsToRead {
                receiptQueue.enqueue(.init(receiptId: receipt.id, householdId: householdId, sha256: receipt.sha256))
            }
            if !dryRun { await media.removeUnreferenced(outcome.releasedFiles + Array(contents.media.keys)) }
            return outcome.summary
        } catch {
            if !dryRun { await media.removeUnreferenced(Array(contents.media.keys)) }
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
