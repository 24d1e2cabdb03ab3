import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// This server's folder for temporary files under `media/tmp`: `media/tmp/<id>/`, with a `.lock`
/// file the server holds an `flock` on while it lives. Servers of a cluster share the media
/// folder, so a folder whose lock anyone can take belongs to a server that is gone: ``sweep(in:now:)``
/// removes those (what `kill -9` left of uploads, restores and reports) at once.
final class TemporaryFolder: Sendable {
    let url: URL
    private let lock: Int32

    /// Loose files older servers left directly in `media/tmp` go after this long (an older server of
    /// a cluster being upgraded may still be writing them).
    static let looseFileAge: TimeInterval = 3600

    init(parent: URL) throws {
        url = parent.appendingPathComponent(UUID().text)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        lock = open(url.appendingPathComponent(".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    deinit {
        close(lock)
        try? FileManager.default.removeItem(at: url)
    }

    /// Removes the folders of servers that are gone and loose files over an hour old from
    /// `parent`; answers how many entries went and their bytes.
    static func sweep(in parent: URL, now: Date) -> (entries: Int, bytes: Int) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: parent.path) else { return (0, 0) }
        var swept = (entries: 0, bytes: 0)
        for name in names {
            let entry = parent.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: entry.path, isDirectory: &isFolder) else { continue }
            if let abandoned = isFolder.boolValue ? isAbandoned(entry) : nil {
                guard abandoned else { continue }
            } else {
                let modified = (try? manager.attributesOfItem(atPath: entry.path)[.modificationDate] as? Date) ?? now
                guard now.timeIntervalSince(modified) > looseFileAge else { continue }
            }
            let bytes = size(of: entry)
            if (try? manager.removeItem(at: entry)) != nil { swept = (swept.entries + 1, swept.bytes + bytes) }
        }
        return swept
    }

    /// Whether a server's folder can have its lock taken (its server is gone); nil for a folder
    /// without a lock (one being made, or an older server's), which goes by its age.
    private static func isAbandoned(_ folder: URL) -> Bool? {
        let descriptor = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// Bytes in a file or folder, for the log.
    static func size(of url: URL) -> Int {
        let manager = FileManager.default
        guard let walker = manager.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey]) else {
            return (try? manager.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        }
        var total = (try? manager.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        for case let file as URL in walker { total += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 }
        return total
    }
}
