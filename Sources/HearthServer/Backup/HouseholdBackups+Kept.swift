import Foundation
import HearthCore
import Logging

/// Nightly backups kept on the server: one folder per household, the newest N archives.
extension HouseholdBackups {
    /// A backup kept in the household's folder.
    struct Kept: Sendable, Equatable {
        let name: String
        let byteSize: Int
        let madeAt: Date
    }

    func folder(householdId: UUID) -> URL {
        URL(fileURLWithPath: keptDirectory).appendingPathComponent(householdId.text.lowercased())
    }

    /// Makes a backup into the household's folder now and keeps only the newest `keep`; then
    /// sends it off-site, when the server does.
    @discardableResult
    func makeKept(householdId: UUID, keep: Int) async throws -> Kept {
        let file = try await make(householdId: householdId, withMedia: true)
        let folder = folder(householdId: householdId)
        let destination = folder.appendingPathComponent(file.name)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: destination) // two in one second: the newer wins
            try FileManager.default.moveItem(at: file.url, to: destination)
        } catch {
            try? FileManager.default.removeItem(at: file.url)
            throw error
        }
        try await inventory.recordBackup(householdId: householdId)
        let all = kept(householdId: householdId)
        for old in all.dropFirst(max(keep, 1)) { try? FileManager.default.removeItem(at: folder.appendingPathComponent(old.name)) }
        guard let newest = all.first else { throw CocoaError(.fileNoSuchFile) }
        await offsite?.send(destination, name: file.name, householdId: householdId, keep: keep)
        return newest
    }

    /// The household's kept backups, newest first.
    func kept(householdId: UUID) -> [Kept] {
        let folder = folder(householdId: householdId)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter(Self.isKeptName).compactMap { name in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path) else { return nil }
            return Kept(name: name, byteSize: (attributes[.size] as? Int) ?? 0, madeAt: (attributes[.modificationDate] as? Date) ?? .distantPast)
        }.sorted { $0.name > $1.name }
    }

    /// A kept backup's file, if `name` is one (never a path elsewhere).
    func keptFile(householdId: UUID, name: String) -> URL? {
        guard Self.isKeptName(name) else { return nil }
        let url = folder(householdId: householdId).appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Moves the backups kept in `earlier` (the data folder of a server on PostgreSQL, before they
    /// were kept in the shared media folder) to where they are kept now, so an upgrade loses none.
    func adoptKeptBackups(from earlier: String?, logger: Logger) {
        guard let earlier, earlier != keptDirectory,
              let households = try? FileManager.default.contentsOfDirectory(atPath: earlier) else { return }
        for household in households {
            let from = URL(fileURLWithPath: earlier).appendingPathComponent(household)
            let to = URL(fileURLWithPath: keptDirectory).appendingPathComponent(household)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: from.path)) ?? []).filter(Self.isKeptName)
            for name in names {
                do {
                    try FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
                    try FileManager.default.moveItem(at: from.appendingPathComponent(name), to: to.appendingPathComponent(name))
                } catch {
                    logger.warning("A kept backup could not be moved to the shared folder", metadata: ["file": "\(from.path)/\(name)", "error": "\(error)"])
                }
            }
            rmdir(from.path)  // only once empty
        }
        rmdir(earlier)
    }

    /// `hearth-backup-20261124-030000.zip`, nothing else.
    static func isKeptName(_ name: String) -> Bool {
        name.utf8.count == 33 && name.hasPrefix("hearth-backup-") && name.hasSuffix(".zip")
            && name.dropFirst(14).prefix(15).allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
    }
}
