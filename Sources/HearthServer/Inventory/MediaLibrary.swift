import Crypto
import Foundation
import HearthCore
import HearthMedia
import Hummingbird
import OpenAPIRuntime

/// The photos and receipt images of every household, as files beside the database:
/// `media/ab/cd/<sha256>` for originals (the same file twice is stored once) and
/// `media/derived/ab/<sha256>-<size>.jpg` for the JPEGs served from them. Every file is written to a
/// temporary name and renamed, so a crash leaves no half-written file under a real name.
struct MediaLibrary: Sendable {
    let root: URL
    let processor: ImageProcessor
    /// Bytes one file may have.
    let maxBytes: Int
    /// Whether any record still refers to a file; files are removed only when none does.
    let isReferenced: @Sendable (String) async throws -> Bool

    /// An upload received into a temporary file, hashed on the way.
    struct Upload: Sendable {
        let temporary: URL
        let sha256: String
        let byteSize: Int
    }

    init(root: String, processor: ImageProcessor, maxBytes: Int, isReferenced: @escaping @Sendable (String) async throws -> Bool) {
        self.root = URL(fileURLWithPath: root)
        self.processor = processor
        self.maxBytes = maxBytes
        self.isReferenced = isReferenced
    }

    /// Streams a body to a temporary file, hashing it; refuses (413) a body over `limit` (else
    /// ``maxBytes``) as soon as it gets there, and an empty one (422).
    func receive(_ body: HTTPBody, limit: Int? = nil) async throws -> Upload {
        let maxBytes = limit ?? maxBytes
        let temporary = try temporaryFolder().appendingPathComponent(UUID().text)
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil), let handle = try? FileHandle(forWritingTo: temporary) else {
            throw HTTPError(.internalServerError, message: "The upload could not be saved.")
        }
        var hash = SHA256(), size = 0
        do {
            defer { try? handle.close() }
            for try await chunk in body {
                size += chunk.count
                guard size <= maxBytes else {
                    throw HTTPError(.contentTooLarge, message: "A file may have at most \(maxBytes / 1_048_576) MB.")
                }
                chunk.withUnsafeBytes { hash.update(bufferPointer: $0) }
                try handle.write(contentsOf: chunk)
            }
            guard size > 0 else { throw MediaError.notAnImage }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return Upload(temporary: temporary, sha256: hash.finalize().hexString, byteSize: size)
    }

    /// Checks that an upload is a picture (decoding it whole) and keeps it under its hash, with the
    /// thumbnail and medium JPEGs made at once so lists never wait. PDFs only where `allowPDF`.
    func keep(_ upload: Upload, allowPDF: Bool = false) async throws -> StoredFile {
        defer { try? FileManager.default.removeItem(at: upload.temporary) }
        let info = try await processor.inspect(path: upload.temporary.path)
        if info.kind == .pdf && !allowPDF { throw MediaError.notAnImage }
        let original = originalURL(upload.sha256)
        if !FileManager.default.fileExists(atPath: original.path) {
            try FileManager.default.createDirectory(at: original.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.moveIntoPlace(upload.temporary, original)
        }
        for size in [PhotoURL.Size.thumb, .medium] { _ = try await rendition(upload.sha256, size: size) }
        return StoredFile(sha256: upload.sha256, contentType: Self.contentType(of: info.kind), byteSize: upload.byteSize,
                          width: info.width, height: info.height)
    }

    /// Keeps a file whose SHA-256 was checked (one restored from a backup) as the original of that
    /// hash; the thumbnails are made when first asked for.
    func adopt(_ file: URL, sha256: String) throws {
        let original = originalURL(sha256)
        guard !FileManager.default.fileExists(atPath: original.path) else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        try FileManager.default.createDirectory(at: original.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.moveIntoPlace(file, original)
    }

    /// Whether the original of a hash is kept.
    func has(_ sha256: String) -> Bool {
        FileManager.default.fileExists(atPath: originalURL(sha256).path)
    }

    /// A folder for temporary files of this library (uploads, archives being made or read).
    func temporaryFolder() throws -> URL {
        let folder = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes a temporary upload that will not be kept.
    func discard(_ upload: Upload) {
        try? FileManager.default.removeItem(at: upload.temporary)
    }

    /// The JPEG served for a file in `size`: made once from the original, then read from disk.
    func rendition(_ sha256: String, size: PhotoURL.Size) async throws -> Data {
        let url = try derivedURL(sha256, size: size)
        if let data = try? Data(contentsOf: url) { return data }
        return try await makeRendition(sha256, size: size, at: url)
    }

    /// Where the JPEG of a file in `size` is on disk, made first when it is not there yet (reports
    /// read many of them from disk).
    func renditionURL(_ sha256: String, size: PhotoURL.Size) async throws -> URL {
        let url = try derivedURL(sha256, size: size)
        if !FileManager.default.fileExists(atPath: url.path) { _ = try await makeRendition(sha256, size: size, at: url) }
        return url
    }

    private func makeRendition(_ sha256: String, size: PhotoURL.Size, at url: URL) async throws -> Data {
        let data = try await processor.jpeg(from: originalURL(sha256).path, maxSide: size.maxSide, quality: size == .thumb ? 78 : 85)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().text)")
        try data.write(to: temporary)
        try Self.moveIntoPlace(temporary, url)
        return data
    }

    /// The original file as uploaded (for backups and the receipt image).
    func originalURL(_ sha256: String) -> URL {
        let name = Self.safeName(sha256)
        return root.appendingPathComponent(String(name.prefix(2))).appendingPathComponent(String(name.dropFirst(2).prefix(2)))
            .appendingPathComponent(name)
    }

    /// Deletes the files no record refers to any more (originals and their JPEGs).
    func removeUnreferenced(_ files: [String]) async {
        for sha256 in Set(files) {
            guard (try? await isReferenced(sha256)) == false else { continue }
            try? FileManager.default.removeItem(at: originalURL(sha256))
            for size in PhotoURL.Size.allCases {
                if let url = try? derivedURL(sha256, size: size) { try? FileManager.default.removeItem(at: url) }
            }
        }
    }

    private func derivedURL(_ sha256: String, size: PhotoURL.Size) throws -> URL {
        let name = Self.safeName(sha256)
        return root.appendingPathComponent("derived").appendingPathComponent(String(name.prefix(2)))
            .appendingPathComponent("\(name)-\(size.rawValue).jpg")
    }

    /// A hash as a file name: lower-case hex only, whatever a damaged record holds.
    private static func safeName(_ sha256: String) -> String {
        let hex = sha256.lowercased().filter { $0.isHexDigit && $0.isASCII }
        return hex.count == 64 ? hex : String(repeating: "0", count: 64)
    }

    /// Renames into place, replacing what another request may have put there meanwhile (same content).
    private static func moveIntoPlace(_ from: URL, _ to: URL) throws {
        if rename(from.path, to.path) != 0 {
            throw HTTPError(.internalServerError, message: "The file could not be stored.")
        }
    }

    static func contentType(of kind: ImageKind) -> String {
        switch kind {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .heif: "image/heic"
        case .pdf: "application/pdf"
        }
    }
}
