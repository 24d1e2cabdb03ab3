import Foundation

/// The kinds of picture HearthMedia accepts, told apart by their first bytes (never by a file name).
public enum ImageKind: String, Sendable {
    /// JPEG, what most cameras and phones save.
    case jpeg
    /// PNG, screenshots and scans.
    case png
    /// WebP, pictures saved from the web.
    case webp
    /// HEIF with HEVC inside (HEIC), what iPhones save.
    case heif
    /// PDF, of which the first page is shown.
    case pdf

    /// The kind whose signature the bytes start with, or nil for anything else (AVIF, GIF, text...).
    init?(signature bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12,
            Self.heifBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self))
        {
            self = .heif
        } else if Self.containsPDFHeader(bytes) {
            self = .pdf
        } else {
            return nil
        }
    }

    /// The kind of the file at path, from its first kilobyte; nil when it is none of these.
    static func detect(path: String) throws -> ImageKind? {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw MediaError.failed("cannot open \(path)")
        }
        defer { try? handle.close() }
        let head = try handle.read(upToCount: 1024) ?? Data()
        return ImageKind(signature: Array(head))
    }

    /// HEIF major brands for HEVC stills and sequences and the generic image brands
    /// (ISO/IEC 23008-12). AVIF ("avif", "avis") is not offered.
    private static let heifBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1",
    ]

    /// PDF readers accept "%PDF-" anywhere in the first kilobyte, after stray bytes.
    private static func containsPDFHeader(_ bytes: [UInt8]) -> Bool {
        let marker = Array("%PDF-".utf8)
        guard bytes.count >= marker.count else { return false }
        return (0...(bytes.count - marker.count)).contains { bytes[$0..<$0 + marker.count].elementsEqual(marker) }
    }
}
