import Foundation
import Logging
import SQLKit

extension Database {
    /// Why a backup of the database itself could not be made.
    public enum BackupError: Error, Equatable, CustomStringConvertible, Sendable {
        case postgres
        case noDatabase(String)
        case exists(String)
        case damaged(String, String)

        public var description: String {
            switch self {
            case .postgres:
                "This server keeps its data in PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=hearth.dump \"$HEARTH_DATABASE_URL\"."
            case .noDatabase(let path): "There is no database at \(path); check --data-dir or HEARTH_DATA_DIR."
            case .exists(let path): "\(path) exists already; choose a new file name."
            case .damaged(let path, let result): "The copy at \(path) did not pass the integrity check (\(result)); it was removed."
            }
        }
    }

    /// Writes a consistent copy of the SQLite database to `path`, also while a server writes to it:
    /// `VACUUM INTO` reads one snapshot. The copy is written to a temporary name, checked with
    /// `PRAGMA integrity_check`, then renamed, so `path` holds a complete, sound copy or nothing.
    /// Returns the size of the copy in bytes.
    @discardableResult
    public func backup(to path: String, logger: Logger) async throws -> Int {
        guard kind == .sqlite else { throw BackupError.postgres }
        let manager = FileManager.default
        guard !manager.fileExists(atPath: path) else { throw BackupError.exists(path) }
        let temporary = path + ".partial-\(UUID().text)"
        defer {
            for leftover in [temporary, temporary + "-wal", temporary + "-shm"] { try? manager.removeItem(atPath: leftover) }
        }
        try await sql.raw("VACUUM INTO \(bind: temporary)").run()
        let copy = try await Database.open(.sqliteFile(path: temporary), logger: logger)
        let result: String
        do {
            result = try await copy.sql.raw("PRAGMA integrity_check").first()?.decode(column: "integrity_check", as: String.self) ?? "no answer"
            try await copy.run("PRAGMA journal_mode = DELETE") // one self-contained file, no -wal beside it
            try await copy.close()
        } catch {
            try? await copy.close()
            throw error
        }
        guard result == "ok" else { throw BackupError.damaged(path, result) }
        try manager.moveItem(atPath: temporary, toPath: path)
        return (try manager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
