import Crypto
import Foundation
import HearthCore
import ZIPFoundation

extension BackupArchive {
    /// A backup file once checked: its JSON, opened to be read a part at a time, and its media
    /// files extracted, by SHA-256.
    public struct Contents: Sendable {
        public var backup: StreamedBackup
        public var media: [String: URL]
    }

    /// Reads and checks a backup: a ZIP made by ``write(_:media:to:)``, the JSON alone, or a Nestory
    /// Pro backup (its dates read as days in `timeZone`). Refuses,
    /// with a ``BackupError``, a file that is neither (from its first bytes), an unknown format
    /// version, a path that would leave the archive's folders, content that expands past `limit`
    /// bytes, and any file whose SHA-256 is not the manifest's. The JSON of an archive and its media
    /// files go to `folder` (which the caller removes); on failure no media file is left. An
    /// encrypted backup (``BackupCipher``) is opened with `passphrase` into `folder` first.
    public static func read(_ file: URL, extractingTo folder: URL, limit: Int, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
                            passphrase: String? = nil) throws -> Contents {
        if BackupCipher.isEncrypted(file) {
            guard let passphrase, !passphrase.isEmpty else { throw BackupError.passphraseNeeded }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let opened = folder.appendingPathComponent("opened-backup")
            try BackupCipher.decrypt(file, to: opened, passphrase: passphrase, limit: limit)
            guard !BackupCipher.isEncrypted(opened) else { throw BackupError.notABackup("it is encrypted twice.") }
            return try read(opened, extractingTo: folder, limit: limit, timeZone: timeZone)
        }
        let head = try FileHandle(forReadingFrom: file).readPrefix(8)
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return try readArchive(file, extractingTo: folder, limit: limit) }
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard size <= limit else { throw BackupError.tooLarge(limitBytes: limit) }
        let backup = try StreamedBackup.open(file, timeZone: timeZone)
        try checkClaims(backup.outline)
        return Contents(backup: backup, media: [:])
    }

    private static func readArchive(_ file: URL, extractingTo folder: URL, limit: Int) throws -> Contents {
        let archive: Archive
        do { archive = try Archive(url: file, accessMode: .read) } catch { throw BackupError.notABackup("the ZIP archive cannot be read.") }
        var entries: [String: Entry] = [:], declared: UInt64 = 0
        for entry in archive {
            guard isSafe(entry.path), entry.type != .symlink else { throw BackupError.unsafePath(entry.path) }
            guard entry.type == .file else { continue }
            declared += entry.uncompressedSize
            guard declared <= UInt64(limit) else { throw BackupError.tooLarge(limitBytes: limit) }
            entries[entry.path] = entry
        }
        var budget = limit
        guard let manifestEntry = entries[manifestPath] else { throw BackupError.notABackup("it has no manifest.json.") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let manifest = try? decoder.decode(Manifest.self, from: try extract(manifestEntry, from: archive, budget: &budget)) else {
            throw BackupError.notABackup("its manifest.json cannot be read.")
        }
        guard manifest.formatVersion == HouseholdBackup.currentFormat else { throw BackupError.unsupportedFormat(manifest.formatVersion) }
        guard let listed = manifest.files.first(where: { $0.path == dataPath }), let dataEntry = entries[dataPath] else {
            throw BackupError.notABackup("it has no household.json.")
        }
        var json: URL?, media: [String: URL] = [:]
        do {
            let extracted = try extract(dataEntry, from: archive, to: folder, sha256: listed.sha256, budget: &budget)
            json = extracted
            let backup = try StreamedBackup.open(extracted)
            try checkClaims(backup.outline)
            for file in manifest.files where file.path != dataPath {
                guard file.path == "media/" + file.sha256, file.sha256.count == 64, file.sha256.allSatisfy(\.isHexDigit) else {
                    throw BackupError.unsafePath(file.path)
                }
                guard let entry = entries[file.path] else { throw BackupError.checksumMismatch(file.path) }
                media[file.sha256] = try extract(entry, from: archive, to: folder, sha256: file.sha256, budget: &budget)
            }
            return Contents(backup: backup, media: media)
        } catch {
            for url in media.values + [json].compactMap({ $0 }) { try? FileManager.default.removeItem(at: url) }
            throw error
        }
    }

    /// A frozen claim's snapshot must still be what its SHA-256 was taken of.
    static func checkClaims(_ backup: HouseholdBackup) throws {
        for (index, claim) in (backup.claims ?? []).enumerated() {
            guard let snapshot = claim.snapshot, let sha256 = claim.sha256 else { continue }
            guard SHA256.hex(Data(snapshot.utf8)) == sha256 else { throw BackupError.checksumMismatch("claims[\(index)].snapshot") }
        }
    }

    /// A path inside the archive's own folders: relative, without `..`, backslashes or drive letters.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0"), !path.contains(":") else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }

    /// An entry's bytes, counted against what the archive may expand to.
    private static func extract(_ entry: Entry, from archive: Archive, budget: inout Int) throws -> Data {
        var data = Data(), remaining = budget
        _ = try archive.extract(entry) { chunk in
            remaining -= chunk.count
            guard remaining >= 0 else { throw BackupError.tooLarge(limitBytes: budget) }
            data.append(chunk)
        }
        budget = remaining
        return data
    }

    /// Streams an entry to a new file in `folder`, hashing it on the way; the file is kept only when
    /// its SHA-256 is `sha256`.
    private static func extract(_ entry: Entry, from archive: Archive, to folder: URL, sha256: String, budget: inout Int) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(UUID().text)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        var hash = SHA256(), remaining = budget
        let limit = budget
        do {
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            _ = try archive.extract(entry, bufferSize: 1 << 16) { chunk in
                remaining -= chunk.count
                guard remaining >= 0 else { throw BackupError.tooLarge(limitBytes: limit) }
                hash.update(data: chunk)
                try handle.write(contentsOf: chunk)
            }
            guard hash.finalize().hexString == sha256 else { throw BackupError.checksumMismatch(entry.path) }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        budget = remaining
        return url
    }
}

extension FileHandle {
    /// Up to `count` bytes from the start, and the handle closed.
    func readPrefix(_ count: Int) throws -> Data {
        defer { try? close() }
        return try read(upToCount: count) ?? Data()
    }
}
