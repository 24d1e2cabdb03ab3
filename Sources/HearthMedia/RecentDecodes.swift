import CVips
import Foundation
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Upright, colour-managed pixels of the last few HEIF photos decoded, at most `longSide` px
/// on their longer side. libde265 takes about half a second for a 12 MP HEIC and cannot decode
/// at a reduced size, while an upload asks for the same photo several times (inspect, then a
/// medium, then a thumbnail); each later request that fits is served from here in milliseconds.
/// Keyed by the file's identity (`FileIdentity`), so a renamed file is found again and a
/// replaced one is decoded afresh. Bounded: `capacity` entries of at most 1280x1280x3 bytes
/// (4.9 MB; a 4:3 photo takes 3.7 MB). The capacity covers several uploads in flight at once:
/// their steps interleave in the job queue, so a photo's next request comes after the others' first.
final class RecentDecodes: Sendable {
    /// The medium size the server shows; thumbnails and barcode scans fit in it too.
    static let longSide = 1280

    /// A decoded picture kept as plain bytes, so it can cross threads.
    struct Picture: Sendable {
        let width: Int
        let height: Int
        let bands: Int
        let pixels: [UInt8]

        var longSide: Int { max(width, height) }

        /// A libvips image over a copy of the bytes.
        func image() throws -> VipsImageRef {
            try VipsImageRef.make { out in
                pixels.withUnsafeBytes { bytes in
                    out.pointee = vips_image_new_from_memory_copy(
                        bytes.baseAddress, bytes.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_UCHAR)
                    return out.pointee == nil ? -1 : 0
                }
            }
        }
    }

    private let capacity: Int
    private let entries = NIOLockedValueBox<[(file: FileIdentity, picture: Picture)]>([])

    init(capacity: Int = 8) {
        self.capacity = capacity
    }

    /// The picture decoded from this file, if it is still here.
    func picture(for file: FileIdentity) -> Picture? {
        entries.withLockedValue { entries in
            guard let index = entries.firstIndex(where: { $0.file == file }) else { return nil }
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.picture
        }
    }

    /// Keeps a picture, forgetting the least recently used one beyond `capacity`.
    func remember(_ picture: Picture, for file: FileIdentity) {
        entries.withLockedValue { entries in
            entries.removeAll { $0.file == file }
            entries.insert((file, picture), at: 0)
            if entries.count > capacity { entries.removeLast(entries.count - capacity) }
        }
    }
}

/// Which file, exactly, by what it is rather than where: the same inode keeps its identity when
/// renamed (the server inspects an upload, then moves it into place and makes its JPEGs), while
/// new content under the same path is a different file. The content fingerprint (64-bit FNV-1a
/// of every byte, a few ms for a 3 MB photo) rules out a reused inode with the same size and time.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let fingerprint: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, let fingerprint = Self.fingerprint(path: path) else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        (modifiedSeconds, modifiedNanoseconds) = (info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec)
        #else
        (modifiedSeconds, modifiedNanoseconds) = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
        #endif
        self.fingerprint = fingerprint
    }

    private static func fingerprint(path: String) -> UInt64? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { bytes in
                for byte in bytes {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
        }
        return hash
    }
}
