import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `hearth login` saves: the server and an API token. Stored as JSON with mode 0600.
struct ClientConfiguration: Codable, Equatable {
    var server: String
    var token: String
    var tokenId: String
    var email: String

    /// `HEARTH_CONFIG`, else `$XDG_CONFIG_HOME/hearth/config.json`, else `~/.config/hearth/config.json`.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let path = environment["HEARTH_CONFIG"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return base.appendingPathComponent("hearth/config.json")
    }

    static func load(from path: URL = defaultPath()) throws -> ClientConfiguration {
        guard let data = try? Data(contentsOf: path) else {
            throw CLIError("Not signed in. Run `hearth login --server URL` first.")
        }
        do {
            return try JSONDecoder().decode(ClientConfiguration.self, from: data)
        } catch {
            throw CLIError("\(path.path) is not a valid Hearth configuration. Run `hearth login --server URL` again.")
        }
    }

    /// Writes the file readable only by its owner, through a temporary file and a rename.
    func save(to path: URL = defaultPath()) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true,
                                    attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let temporary = path.deletingLastPathComponent().appendingPathComponent(".config.json.\(UUID().text)")
        guard manager.createFile(atPath: temporary.path, contents: try encoder.encode(self), attributes: [.posixPermissions: 0o600]) else {
            throw CLIError("Cannot write \(path.path).")
        }
        // rename(2) replaces the old file atomically: a crash leaves the old or the new file, never half of one.
        guard rename(temporary.path, path.path) == 0 else {
            try? manager.removeItem(at: temporary)
            throw CLIError("Cannot write \(path.path): \(String(cString: strerror(errno))).")
        }
    }

    static func remove(at path: URL = defaultPath()) throws {
        if FileManager.default.fileExists(atPath: path.path) {
            try FileManager.default.removeItem(at: path)
        }
    }
}
