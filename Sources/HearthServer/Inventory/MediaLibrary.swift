import Crypto
import Foundation
import HearthCore
import HearthMedia
import HearthStore
import Hummingbird
import OpenAPIRuntime

/// The photos, receipt images and documents of every household, as files beside the database:
/// `media/ab/cd/<sha256>` for originals (the same file twice is stored once) and
/// `media/derived/ab/<sha256>-<size>.jpg` for the JPEGs served from them. Every file is written to a
/// temporary name and renamed, so a crash leaves no half-written file under a real name.
///
/// A row that names a file always has it: originals are put in place inside the transaction that
/// adds the row (``placer(_:)``), and removed only by ``removeUnreferenced(_:)``, whose check and
/// removal happen under a lock every such transaction holds shared.
struct MediaLibrary: Sendable {
    let root: URL
    let processor: ImageProcessor
    /// Bytes one file may have.
    let maxBytes: Int
    /// This server's temporary files (uploads, archives being made or read, reports).
    let temporary: TemporaryFolder
    /// Calls its second argument for each of the files no record names, deciding under the media
    /// lock (``InventoryStore/removeUnreferencedFiles(_:remove:)``); answers those.
    let removeUnnamed: @Sendable ([String], @escaping @Sendable (String) -> Void) async throws -> [String]

    /// An upload received into a temporary file, hashed on the way.
    struct Upload: Sendable {
        let temporary: URL
        let sha256: String
        let byteSize: Int
    }

    init(root: String, processor: ImageProcessor, maxBytes: Int,
         removeUnnamed: @escaping @Sendable ([String], @escaping @Sendable (String) -> Void) async throws -> [String]) throws {
        self.root = URL(fileURLWithPath: root)
        self.processor = processor
        self.maxBytes = maxBytes
        self.removeUnnamed = removeUnnamed
        temporary = try TemporaryFolder(parent: self.root.appendingPathComponent("tmp"))
    }

    /// Streams a body to a temporary file, hashing it; refuses (413) a body over `limit` (else
    /// ``maxBytes``) as soon as it gets there, and an empty one (422).
    func receive(_ body: HTTPBody, limit: Int? = nil) async throws -> Upload {
        let maxBytes = limit ?? maxBytes
        let temporary = temporaryFolder.appendingPathComponent(UUID().text)
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

    /// Checks that an upload is a picture (decoding it whole) and makes its thumbnail and medium
    /// JPEGs at once, so lists never wait. PDFs only where `allowPDF`. The upload stays where it is:
    /// the transaction that adds its row puts it in place (``placer(_:)``); ``discard(_:)`` it after.
    func prepare(_ upload: Upload, allowPDF: Bool = false) async throws -> StoredFile {
        try await prepared(upload, allowPDF: allowPDF).file
    }

    /// ``prepare(_:allowPDF:)`` for a document (a PDF or a picture), with its page count.
    func prepareDocument(_ upload: Upload) async throws -> (file: StoredFile, pages: Int) {
        let (file, info) = try await prepared(upload, allowPDF: true)
        return (file, info.pages)
    }

    private func prepared(_ upload: Upload, allowPDF: Bool) async throws -> (file: StoredFile, info: ImageInfo) {
        let info = try await processor.inspect(path: upload.temporary.path)
        if info.kind == .pdf && !allowPDF { throw MediaError.notAnImage }
        for size in [PhotoURL.Size.thumb, .medium] {
            let url = try derivedURL(upload.sha256, size: size)
            if !FileManager.default.fileExists(atPath: url.path) { _ = try await makeRendition(from: upload.temporary, size: size, at: url) }
        }
        let file = StoredFile(sha256: upload.sha256, contentType: Self.contentType(of: info.kind), byteSize: upload.byteSize,
                              width: info.width, height: info.height)
        return (file, info)
    }

    /// Puts the original of a file in place from `sources` (by SHA-256) when it is not there, for
    /// a store transaction to call under the media lock. The source stays (linked, not moved), so a
    /// transaction that runs again finds it; a file kept already is left as it is.
    func placer(_ sources: [String: URL]) -> FilePlacer {
        { sha256 in
            guard !has(sha256) else { return }
            guard let source = sources[sha256] else { throw MediaError.failed("the file \(sha256.prefix(12))… is not kept") }
            let original = originalURL(sha256)
            try FileManager.default.createDirectory(at: original.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard link(source.path, original.path) != 0, errno != EEXIST else { return }
            let copy = original.deletingLastPathComponent().appendingPathComponent(".\(UUID().text)")
            try FileManager.default.copyItem(at: source, to: copy)
            try Self.moveIntoPlace(copy, original)
        }
    }

    /// Whether the original of a hash is kept.
    func has(_ sha256: String) -> Bool {
        FileManager.default.fileExists(atPath: originalURL(sha256).path)
    }

    /// The folder for this server's temporary files (uploads, archives being made or read).
    var temporaryFolder: URL { temporary.url }

    /// Removes a temporary upload that will not be kept.
    func discard(_ upload: Upload) {
        try? FileManager.default.removeItem(at: upload.temporary)
    }

    /// The JPEG served for a file in `size`: made once from the original, then read from disk.
    func rendition(_ sha256: String, size: PhotoURL.Size) async throws -> Data {
        let url = try derivedURL(sha256, size: size)
        if let data = try? Data(contentsOf: url) { return data }
        return try await makeRendition(from: originalURL(sha256), size: size, at: url)
    }

    /// Where the JPEG of a file in `size` is on disk, made first when it is not there yet (reports
    /// read many of them from disk).
    func renditionURL(_ sha256: String, size: PhotoURL.Size) async throws -> URL {
        let url = try derivedURL(sha256, size: size)
        if !FileManager.default.fileExists(atPath: url.path) { _ = try await makeRendition(from: originalURL(sha256), size: size, at: url) }
        return url
    }

    private func makeRendition(from source: URL, size: PhotoURL.Size, at url: URL) async throws -> Data {
        let data = try await processor.jpeg(from: source.path, maxSide: size.maxSide, quality: size == .thumb ? 78 : 85)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().text)")
        try data.write(to: temporary)
        try Self.moveIntoPlace(temporary, url)
        return data
    }

    /// The original file as uploaded, streamed as it is: never decoded to be served.
    func original(_ sha256: String) throws -> HTTPBody {
        try HTTPBody.file(originalURL(sha256))
    }

    /// Where the original file as uploaded is (for backups and claim packs).
    func originalURL(_ sha256: String) -> URL {
        let name = Self.safeName(sha256)
        return root.appendingPathComponent(String(name.prefix(2))).appendingPathComponent(String(name.dropFirst(2).prefix(2)))
            .appendingPathComponent(name)
    }

    /// Deletes the files no record names any more (originals and their JPEGs).
    func removeUnreferenced(_ files: [String]) async {
        _ = try? await removeUnnamed(files) { removeFiles($0) }
    }

    /// Removes the original of a hash and its JPEGs.
    func removeFiles(_ sha256: String) {
        try? FileManager.default.removeItem(at: originalURL(sha256))
        for size in PhotoURL.Size.allCases {
            if let url = try? derivedURL(sha256, size: size) { try? FileManager.default.removeItem(at: url) }
        }
    }

    func derivedURL(_ sha256: String, size: PhotoURL.Size) throws -> URL {
        let name = Self.safeName(sha256)
        return root.appendingPathComponent("derived").appendingPathComponent(String(name.prefix(2)))
            .appendingPathComponent("\(name)-\(size.rawValue).jpg")
    }

    /// A hash as a file name: lower-case hex only, whatever a damaged record holds.
    static func safeName(_ sha256: String) -> String {
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
