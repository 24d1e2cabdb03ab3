import Foundation
import HearthCore
import HearthStore

/// What a server checks at start against the database, so that the servers of a cluster work as
/// one: the same secret key everywhere (each seals and opens webhook secrets), and on PostgreSQL
/// the same media folder (each serves and backs up every photo). The first server to start writes
/// what the others must match (``ClusterSettings``); a server that does not match refuses to start
/// and says what to copy or where to point.
struct ClusterAgreement {
    let database: Database
    let configuration: AppConfiguration

    /// A server that must not start, and why.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    static let markerName = ".hearth-media"

    func check(secrets: SecretBox) async throws {
        let settings = ClusterSettings(database: database)
        let agreed = try await settings.agree(on: "key_fingerprint", proposing: secrets.fingerprint)
        guard agreed == secrets.fingerprint else {
            throw Refusal(description: """
                This server's secret key is not the one this database's secrets were sealed with (key fingerprint \
                \(secrets.fingerprint.prefix(12)), the database's \(agreed.prefix(12))). Every server of a database needs the \
                same key: set HEARTH_SECRET_KEY to the first server's (or copy the file hearth.key from its data directory).
                """)
        }
        if database.kind == .postgres { try await checkMediaFolder(settings) }
    }

    /// The media folder carries a marker naming the database it belongs to (a random id the first
    /// server stores): a folder marked for another database is refused, and so is a folder with no
    /// marker once the database has marked one (it is not the shared folder). The marker is written
    /// before the database notes it, so a server that dies in between leaves nothing to undo.
    private func checkMediaFolder(_ settings: ClusterSettings) async throws {
        let folder = URL(fileURLWithPath: configuration.mediaDirectory)
        let marker = folder.appendingPathComponent(Self.markerName)
        let database = try await settings.agree(on: "database_id", proposing: UUID().text)
        var found = Self.readMarker(marker)
        if found == nil, try await settings.value(of: "media_marked") != nil {
            // Another server marked the shared folder a moment ago: a network mount may show it late.
            for _ in 0..<50 where found == nil {
                try await Task.sleep(for: .milliseconds(100))
                found = Self.readMarker(marker)
            }
            guard found != nil else {
                throw Refusal(description: """
                    The media folder \(folder.path) is not the one the servers of this database share: it has no \
                    \(Self.markerName) marker, which the first server wrote into its media folder. Set HEARTH_MEDIA_DIR to \
                    that shared folder (a network mount every server sees).
                    """)
            }
        }
        let marked = try found ?? Self.writeMarker(database, to: marker)
        guard marked == database else {
            throw Refusal(description: """
                The media folder \(folder.path) belongs to another Hearth database (its \(Self.markerName) marker names \
                another). Set HEARTH_MEDIA_DIR to the folder the servers of this database share.
                """)
        }
        try await settings.set("media_marked", to: "true")
    }

    /// The marker's text; nil when there is none (or it is empty: a marker whose writing was cut short).
    static func readMarker(_ url: URL) -> String? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return id.isEmpty ? nil : id
    }

    /// Marks the folder with `id`, unless another server marked it first (then that marker's id).
    /// `O_EXCL` makes it one marker of two servers starting at once, also on NFS and SMB mounts.
    static func writeMarker(_ id: String, to url: URL) throws -> String {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            if let existing = readMarker(url) { return existing }
            // An empty marker (its server died before writing) is written over.
            guard let handle = FileHandle(forWritingAtPath: url.path) else {
                throw Refusal(description: "The media folder marker \(url.path) cannot be written.")
            }
            try handle.write(contentsOf: Data((id + "\n").utf8))
            try handle.close()
            return id
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data((id + "\n").utf8))
        try handle.synchronize()
        return id
    }
}
