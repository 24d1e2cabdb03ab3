import Foundation
import HearthAPI
import OpenAPIRuntime

/// The backup endpoints for the CLI: downloads written to disk as they arrive, restores uploaded
/// with progress.
struct BackupClient {
    let connection: APIConnection

    /// Downloads the household's backup to `path` (else the server's file name in this folder).
    func download(withMedia: Bool, to path: String?) async throws -> (path: String, size: Int64) {
        let output = try await connection.call { try await $0.downloadBackup(query: .init(media: withMedia)) }
        guard case .ok(let ok) = output else { throw CLIError(unexpected: output) }
        let suggested = ok.headers.contentDisposition.flatMap(Self.fileName) ?? (withMedia ? "hearth-backup.zip" : "hearth-backup.json")
        let destination = path ?? suggested
        guard !FileManager.default.fileExists(atPath: destination) else { throw CLIError("\(destination) exists already; choose a new file name with --output.") }
        let temporary = destination + ".partial"
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary) else {
            throw CLIError("Cannot write \(temporary).")
        }
        var size: Int64 = 0
        do {
            defer { try? handle.close() }
            let body = switch ok.body { case .applicationZip(let body), .binary(let body): body }
            let progress = TransferProgress(verb: "Downloading", total: body.length)
            for try await chunk in body {
                try handle.write(contentsOf: chunk)
                size += Int64(chunk.count)
                progress.advance(to: size)
            }
            progress.finish()
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        try FileManager.default.moveItem(atPath: temporary, toPath: destination)
        return (destination, size)
    }

    /// Uploads a backup to restore (or, with `dryRun`, to preview), showing progress.
    /// An encrypted backup goes with its `passphrase`.
    func restore(_ file: URL, strategy: Operations.RestoreBackup.Input.Query.StrategyPayload, dryRun: Bool,
                 passphrase: String? = nil) async throws -> Components.Schemas.RestoreReport {
        let progress = UploadProgress(files: [file])
        typealias Part = Operations.RestoreBackup.Input.Body.MultipartFormPayload
        var parts: [Part] = passphrase.map { [.passphrase(.init(payload: .init(body: HTTPBody($0))))] } ?? []
        parts.append(.file(.init(payload: .init(body: try progress.body(for: file)), filename: file.lastPathComponent)))
        let output = try await connection.call { [parts] in
            try await $0.restoreBackup(query: .init(strategy: strategy, dryRun: dryRun), body: .multipartForm(.init(parts)))
        }
        progress.finish()
        guard case .ok(let ok) = output else { throw CLIError(unexpected: output) }
        return try ok.body.json
    }

    /// `attachment; filename="hearth-backup-….zip"` → the name, without any folder.
    static func fileName(_ disposition: String) -> String? {
        guard let range = disposition.range(of: "filename=\"") else { return nil }
        let name = disposition[range.upperBound...].prefix { $0 != "\"" }
        let base = name.split(separator: "/").last.map(String.init) ?? ""
        return base.isEmpty || base.hasPrefix(".") ? nil : base
    }

    /// What a restore did, as a person reads it.
    static func describe(_ report: Components.Schemas.RestoreReport) -> String {
        func line(_ name: String, _ counts: Components.Schemas.RestoreCounts) -> String? {
            let parts = [("added", counts.added), ("updated", counts.updated), ("skipped", counts.skipped), ("removed first", counts.removed)]
                .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
            return parts.isEmpty ? nil : "  \(name): " + parts.joined(separator: ", ")
        }
        var lines = [report.dryRun ? "A \(report.strategy.rawValue) would change (nothing was changed):" : "Restored (\(report.strategy.rawValue)):"]
        lines += [line("Items", report.items), line("Photos", report.photos), line("Documents", report.documents), line("Receipts", report.receipts),
                  line("Rooms", report.rooms), line("Categories", report.categories), line("Claims", report.claims), line("Shopping lists", report.lists),
                  line("Focus sessions", report.sessions)].compactMap { $0 }
        if lines.count == 1 { lines.append("  nothing") }
        lines += report.warnings.map { "  ! " + $0 }
        return lines.joined(separator: "\n")
    }
}

/// How far a download is, on standard error.
final class TransferProgress: @unchecked Sendable {
    private let verb: String
    private let total: Int64?
    private var shown = -1
    private let interactive = isatty(STDERR_FILENO) != 0

    init(verb: String, total: HTTPBody.Length) {
        self.verb = verb
        if case .known(let length) = total { self.total = length } else { self.total = nil }
    }

    func advance(to done: Int64) {
        guard let total, total > 0 else { return }
        let percent = Int(done * 100 / total)
        guard percent != shown, percent % (interactive ? 1 : 25) == 0 else { return }
        shown = percent
        let line = "\(verb) \(ByteCountFormatter.string(fromByteCount: total, countStyle: .file)): \(percent) %"
        FileHandle.standardError.write(Data((interactive ? "\r\(line)" : "\(line)\n").utf8))
    }

    func finish() {
        if interactive && shown >= 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
