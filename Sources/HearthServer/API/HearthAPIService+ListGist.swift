import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// The lists' Gist backup: connect a GitHub token, back up now, list the gist's revisions and
/// restore one (see ``ListGistBackups``).
extension HearthAPIService {
    func getListGist(_ input: Operations.GetListGist.Input) async throws -> Operations.GetListGist.Output {
        let user = try APIRequest.requireUser()
        let found = try await services.listGists.store.find(accountId: user.id, householdId: user.householdId)
        return .ok(.init(body: .json(.init(found?.backup))))
    }

    func connectListGist(_ input: Operations.ConnectListGist.Input) async throws -> Operations.ConnectListGist.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let schedule = ListGistBackup.Schedule(rawValue: body.schedule?.rawValue ?? "changes") ?? .changes
        let backup = try await services.listGists.connect(accountId: user.id, householdId: user.householdId, token: body.token,
                                                         passphrase: body.passphrase, schedule: schedule)
        return .ok(.init(body: .json(.init(backup))))
    }

    func disconnectListGist(_ input: Operations.DisconnectListGist.Input) async throws -> Operations.DisconnectListGist.Output {
        let user = try APIRequest.requireUser()
        try await services.listGists.store.disconnect(accountId: user.id, householdId: user.householdId)
        return .noContent
    }

    func backUpListGist(_ input: Operations.BackUpListGist.Input) async throws -> Operations.BackUpListGist.Output {
        let user = try APIRequest.requireUser()
        let backup = try await services.listGists.backUp(accountId: user.id, householdId: user.householdId)
        return .ok(.init(body: .json(.init(backup))))
    }

    func listListGistRevisions(_ input: Operations.ListListGistRevisions.Input) async throws -> Operations.ListListGistRevisions.Output {
        let user = try APIRequest.requireUser()
        let (gistId, revisions) = try await services.listGists.revisions(accountId: user.id, householdId: user.householdId, gistId: input.query.gist)
        return .ok(.init(body: .json(.init(gistId: gistId, revisions: revisions.map { revision in
            .init(version: revision.version, committedAt: revision.committedAt, kind: .init(rawValue: revision.kind.rawValue) ?? .unknown,
                  lists: revision.counts?.lists, deletedLists: revision.counts?.deletedLists, items: revision.counts?.items)
        }))))
    }

    func restoreListGist(_ input: Operations.RestoreListGist.Input) async throws -> Operations.RestoreListGist.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let strategy = RestoreStrategy(rawValue: body.strategy.rawValue) ?? .merge
        let dryRun = body.dryRun ?? false
        let (summary, items) = try await services.listGists.restore(accountId: user.id, householdId: user.householdId, version: body.revision,
                                                                    passphrase: body.passphrase, strategy: strategy, dryRun: dryRun, gistId: body.gist)
        if !dryRun {
            try await services.lists.categoriseUncategorised(householdId: user.householdId)  // the original app's items have no aisle
            await services.events.publishStoresChange(by: user)  // every list may have changed
        }
        return .ok(.init(body: .json(.init(strategy: .init(rawValue: strategy.rawValue) ?? .merge, dryRun: dryRun,
                                           lists: .init(added: summary.lists.added, updated: summary.lists.updated, skipped: summary.lists.skipped,
                                                        removed: summary.lists.removed),
                                           items: items, warnings: summary.warnings))))
    }
}

extension Components.Schemas.ListGist {
    init(_ backup: ListGistBackup?) {
        guard let backup else {
            self.init(connected: false, schedule: .changes)
            return
        }
        self.init(connected: true, login: backup.login, gistId: backup.gistId, schedule: .init(rawValue: backup.schedule.rawValue) ?? .changes, backedUpAt: backup.backedUpAt, triedAt: backup.triedAt,
                  error: backup.error, stopped: backup.stopped, waitUntil: backup.waitUntil)
    }
}
