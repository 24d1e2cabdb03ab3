import Foundation
import HearthCore
import Logging

extension MediaLibrary {
    /// How old a file must be before a sweep removes it for being named by no record.
    static let unnamedFileAge: TimeInterval = 86_400

    /// What crashes and interrupted work leave behind: the temporary folders of servers that are
    /// gone, and originals and JPEGs no record names that are over a day old (never one a record
    /// names: see ``removeUnreferenced(_:)``). Runs at start-up and hourly; logs what went.
    func sweep(now: Date, logger: Logger) async {
        let temporary = TemporaryFolder.sweep(in: root.appendingPathComponent("tmp"), now: now)
        let cutoff = now - Self.unnamedFileAge
        var originals = (files: 0, bytes: 0)
        for batch in oldFiles(in: originalFolders(), before: cutoff).chunks(of: 1000) {
            let sizes = Dictionary(batch.map { ($0.sha256, $0.bytes) }, uniquingKeysWith: +)
            guard let removed = try? await removeUnnamed(Array(sizes.keys), { removeFiles($0) }) else { continue }
            originals = (originals.files + removed.count, originals.bytes + removed.reduce(0) { $0 + (sizes[$1] ?? 0) })
        }
        let renditions = removeRenditionsWithoutOriginal(before: cutoff)
        guard temporary.entries + originals.files + renditions.files > 0 else { return }
        logger.notice("""
            Swept media: \(temporary.entries) abandoned temporary entries (\(temporary.bytes) bytes), \
            \(originals.files) files no record names (\(originals.bytes) bytes), \(renditions.files) JPEGs without an original \
            (\(renditions.bytes) bytes)
            """)
    }

    /// `media/ab/cd/`: the folders originals are kept in.
    private func originalFolders() -> [URL] {
        let manager = FileManager.default
        let twoHex = { (name: String) in name.count == 2 && name.allSatisfy(\.isHexDigit) }
        return ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).filter(twoHex).flatMap { first in
            ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(first).path)) ?? []).filter(twoHex)
                .map { root.appendingPathComponent(first).appendingPathComponent($0) }
        }
    }

    /// The originals in `folders` last changed before `cutoff`, with their sizes.
    private func oldFiles(in folders: [URL], before cutoff: Date) -> [(sha256: String, bytes: Int)] {
        folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).compactMap { name -> (String, Int)? in
                guard name.count == 64, Self.safeName(name) == name,
                      let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path),
                      let modified = attributes[.modificationDate] as? Date, modified < cutoff
                else { return nil }
                return (name, attributes[.size] as? Int ?? 0)
            }
        }
    }

    /// JPEGs made from an original that is gone (a record names no file without its original).
    private func removeRenditionsWithoutOriginal(before cutoff: Date) -> (files: Int, bytes: Int) {
        let manager = FileManager.default, derived = root.appendingPathComponent("derived")
        var removed = (files: 0, bytes: 0)
        for folder in (try? manager.contentsOfDirectory(atPath: derived.path)) ?? [] {
            let path = derived.appendingPathComponent(folder)
            for name in (try? manager.contentsOfDirectory(atPath: path.path)) ?? [] {
                let sha256 = String(name.prefix(64)), file = path.appendingPathComponent(name)
                guard sha256.count == 64, !has(sha256), let attributes = try? manager.attributesOfItem(atPath: file.path),
                      let modified = attributes[.modificationDate] as? Date, modified < cutoff,
                      (try? manager.removeItem(at: file)) != nil
                else { continue }
                removed = (removed.files + 1, removed.bytes + (attributes[.size] as? Int ?? 0))
            }
        }
        return removed
    }
}
