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

    /// The media folder carries a marker with the id the database keeps: a server whose folder has
    /// another (or none) is not looking at the cluster's files. The first server claims an id in the
    /// database, then marks its folder with it.
    private func checkMediaFolder(_ settings: ClusterSettings) async throws {
        let folder = URL(fileURLWithPath: configuration.mediaDirectory)
        let marker = folder.appendingPathComponent(Self.markerName)
        var agreed = try await settings.value(of: "media_folder")
        if agreed == nil {
            let proposed = UUID().text
            agreed = try await settings.agree(on: "media_folder", proposing: proposed)
            if agreed == proposed { _ = try Self.writeMarker(proposed, to: marker) }
        }
        // A server that lost the race to claim waits a moment for the winner's marker.
        var found = Self.readMarker(marker)
        for _ in 0..<20 where found == nil {
            try await Task.sleep(for: .milliseconds(100))
            found = Self.readMarker(marker)
        }
        guard let found else {
            throw Refusal(description: """
                The media folder \(folder.path) is not the one the servers of this database share: it has no \
                \(Self.markerName) marker, which the first server wrote into its media folder. Set HEARTH_MEDIA_DIR to \
                that shared folder (a network mount every server sees).
                """)
        }
        guard found == agreed else {
            throw Refusal(description: """
                The media folder \(folder.path) belongs to another Hearth database (its \(Self.markerName) marker \
                differs from this database's). Set HEARTH_MEDIA_DIR to the folder the servers of this database share.
                """)
        }
    }

    static func readMarker(_ url: URL) -> String? {
        (try? String(contentsOf: url, encoding: .utf8)).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Marks the folder with `id`, unless it has a marker already (then that one stays).
    static func writeMarker(_ id: String, to url: URL) throws -> String {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().text)")
        try Data((id + "\n").utf8).write(to: temporary)
        defer { try? FileManager.default.removeItem(at: temporary) }
        // link() never replaces a file: a marker already there is kept.
        if link(temporary.path, url.path) == 0 { return id }
        guard let existing = readMarker(url) else { throw Refusal(description: "The media folder marker \(url.path) cannot be written.") }
        return existing
    }
}
