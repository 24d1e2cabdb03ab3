import Crypto
import Foundation
import HearthCore
import ZIPFoundation

/// The household backup as one ZIP: `manifest.json` (format, app version, export date, counts and
/// the SHA-256 of every file), `household.json` (``HouseholdBackup``) and the photos and receipt
/// images as `media/<sha256>`.
public enum BackupArchive {
    public struct Manifest: Codable, Sendable, Equatable {
        public struct Counts: Codable, Sendable, Equatable {
            public var rooms: Int
            public var categories: Int
            public var items: Int
            public var receipts: Int
            public var photos: Int
            public var mediaFiles: Int
        }

        public struct File: Codable, Sendable, Equatable {
            public var path: String
            public var sha256: String
            public var byteSize: Int
        }

        public var formatVersion: Int
        public var appVersion: String
        public var exportDate: Date
        public var counts: Counts
        public var files: [File]
    }

    static let dataPath = "household.json"
    static let manifestPath = "manifest.json"

    /// Writes the archive to `destination` (a new file) from a backup's JSON as ``BackupJSONWriter``
    /// wrote it to `json`. `media` says where a stored file is; a file it cannot find is left out (a
    /// restore then warns about the photo).
    @discardableResult
    public static func write(json: URL, _ written: BackupJSONWriter.Written, media: (String) -> URL?, to destination: URL) throws -> Manifest {
        let archive = try Archive(url: destination, accessMode: .create)
        try archive.addEntry(with: dataPath, fileURL: json, compressionMethod: .deflate)
        var files = [Manifest.File(path: dataPath, sha256: written.sha256, byteSize: written.byteSize)]
        for file in written.files {
            guard let url = media(file.sha256), let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int else {
                continue
            }
            // Photos are compressed already; storing them as they are is faster and no larger.
            try archive.addEntry(with: "media/" + file.sha256, fileURL: url, compressionMethod: .none)
            files.append(.init(path: "media/" + file.sha256, sha256: file.sha256, byteSize: size))
        }
        var counts = written.counts
        counts.mediaFiles = files.count - 1
        let manifest = Manifest(formatVersion: written.formatVersion, appVersion: written.appVersion, exportDate: written.exportDate,
                                counts: counts, files: files)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        try add(try encoder.encode(manifest), path: manifestPath, to: archive)
        return manifest
    }

    /// Writes the archive of a backup held whole (tests, small households).
    @discardableResult
    public static func write(_ backup: HouseholdBackup, media: (String) -> URL?, to destination: URL) throws -> Manifest {
        let json = destination.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let data = try backup.json()
        try data.write(to: json)
        let counts = Manifest.Counts(rooms: backup.rooms.count, categories: backup.categories.count, items: backup.items.count,
                                     receipts: backup.receipts.count, photos: backup.items.reduce(0) { $0 + $1.photos.count }, mediaFiles: 0)
        let written = BackupJSONWriter.Written(sha256: SHA256.hex(data), byteSize: data.count, counts: counts, files: backup.files,
                                               formatVersion: backup.formatVersion, appVersion: backup.appVersion, exportDate: backup.exportDate)
        return try write(json: json, written, media: media, to: destination)
    }

    private static func add(_ data: Data, path: String, to archive: Archive) throws {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { (position: Int64, size: Int) in
            data.subdata(in: Int(position)..<min(Int(position) + size, data.count))
        }
    }
}

extension SHA256 {
    /// The lower-case hex SHA-256 of `data`.
    public static func hex(_ data: Data) -> String {
        hash(data: data).hexString
    }
}
