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
        let upload: MediaLibrary.Upload
        do {
            upload = try await receiveOne(body.compactMap { part -> HTTPBody? in if case .file(let file) = part { file.payload.body } else { nil } },
                                          limit: services.configuration.limits.maxBackupBytes)
        } catch MediaError.notAnImage {
            throw BackupError.notABackup("it is empty.")
        }
        defer { services.media.discard(upload) }
        let summary = try await services.backups.restore(upload.temporary, householdId: user.householdId, strategy: strategy, dryRun: dryRun,
                                                         timeZone: user.zone)
        if !dryRun {
            try await services.lists.categoriseUncategorised(householdId: user.householdId) // lists of a backup from before aisles
            await services.events.publishInventoryChange("restored", householdId: user.householdId, by: user.id)
        }
        return .ok(.init(body: .json(.init(summary, dryRun: dryRun))))
    }
}

extension Components.Schemas.RestoreReport {
    init(_ summary: RestoreSummary, dryRun: Bool) {
        func counts(_ counts: RestoreSummary.Counts) -> Components.Schemas.RestoreCounts {
            .init(added: counts.added, updated: counts.updated, skipped: counts.skipped, removed: counts.removed)
        }
        self.init(strategy: .init(rawValue: summary.strategy.rawValue) ?? .merge, dryRun: dryRun, rooms: counts(summary.rooms),
                  categories: counts(summary.categories), items: counts(summary.items), receipts: counts(summary.receipts),
                  photos: counts(summary.photos), claims: counts(summary.claims), lists: counts(summary.lists), sessions: counts(summary.sessions), warnings: summary.warnings)
    }
}
