import Foundation
import HearthAPI
import HearthCore
import HearthMedia
import OpenAPIRuntime

/// The household's backup: download it, restore it (merge or replace), or preview a restore.
extension HearthAPIService {
    func downloadBackup(_ input: Operations.DownloadBackup.Input) async throws -> Operations.DownloadBackup.Output {
        let user = try APIRequest.requireUser()
        try await services.accountService.requireConfirmed(session: APIRequest.current.sessionHash)
        let file = try await services.backups.make(householdId: user.householdId, withMedia: input.query.media ?? true)
        let disposition = "attachment; filename=\"\(file.name)\""
        let body = try HTTPBody.temporaryFile(file.url)
        return .ok(.init(headers: .init(contentDisposition: disposition), body: file.withMedia ? .applicationZip(body) : .binary(body)))
    }

    func restoreBackup(_ input: Operations.RestoreBackup.Input) async throws -> Operations.RestoreBackup.Output {
        let user = try APIRequest.requireUser()
        let strategy = RestoreStrategy(rawValue: input.query.strategy?.rawValue ?? "merge") ?? .merge
        let dryRun = input.query.dryRun ?? false
        if strategy == .replace && !dryRun {
            try await services.accountService.requireConfirmed(session: APIRequest.current.sessionHash)
        }
        let body = switch input.body { case .multipartForm(let parts): parts }
        let (upload, passphrase) = try await receiveBackup(body)
        defer { services.media.discard(upload) }
        let summary = try await services.backups.restore(upload.temporary, householdId: user.householdId, strategy: strategy, dryRun: dryRun,
                                                         timeZone: user.zone, passphrase: passphrase)
        if !dryRun {
            try await services.lists.categoriseUncategorised(householdId: user.householdId) // lists of a backup from before aisles
            await services.events.publishInventoryChange("restored", householdId: user.householdId, by: user.id)
        }
        return .ok(.init(body: .json(.init(summary, dryRun: dryRun))))
    }

    /// The backup file of a restore's parts, and the passphrase that opens it when it is encrypted.
    private func receiveBackup(_ parts: MultipartBody<Operations.RestoreBackup.Input.Body.MultipartFormPayload>) async throws
        -> (MediaLibrary.Upload, String?) {
        var upload: MediaLibrary.Upload?, passphrase: String?
        do {
            for try await part in parts {
                switch part {
                case .passphrase(let part):
                    passphrase = try await String(collecting: part.payload.body, upTo: 4096)
                case .file(let file):
                    guard upload == nil else { throw HTTPErrorMessage.badRequest("Send one file as the part named “file”.") }
                    upload = try await services.media.receive(file.payload.body, limit: services.configuration.limits.maxBackupBytes)
                }
            }
        } catch {
            if let upload { services.media.discard(upload) }
            if case MediaError.notAnImage = error { throw BackupError.notABackup("it is empty.") }
            throw error
        }
        guard let upload else { throw HTTPErrorMessage.badRequest("Send the file as a part named “file”.") }
        return (upload, passphrase)
    }
}

extension Components.Schemas.RestoreReport {
    init(_ summary: RestoreSummary, dryRun: Bool) {
        func counts(_ counts: RestoreSummary.Counts) -> Components.Schemas.RestoreCounts {
            .init(added: counts.added, updated: counts.updated, skipped: counts.skipped, removed: counts.removed)
        }
        self.init(strategy: .init(rawValue: summary.strategy.rawValue) ?? .merge, dryRun: dryRun, rooms: counts(summary.rooms),
                  categories: counts(summary.categories), items: counts(summary.items), receipts: counts(summary.receipts),
                  photos: counts(summary.photos), documents: counts(summary.documents), claims: counts(summary.claims), lists: counts(summary.lists), sessions: counts(summary.sessions), warnings: summary.warnings)
    }
}
