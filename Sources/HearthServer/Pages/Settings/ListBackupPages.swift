import Foundation
import HearthCore
import Hummingbird

/// Settings → Lists backup: the original app's GitHub Gist backup of the shopping lists. Connect
/// a token and a passphrase, back up now or on a schedule, and restore a revision (previewed
/// first, by the page's script through the API), also from the original app's gist.
struct ListBackupPages {
    let services: AppServices

    struct ConnectForm: Decodable {
        let token: String
        let passphrase: String
        let again: String
        let schedule: String?
    }

    struct ScheduleForm: Decodable {
        let schedule: String
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/settings/lists-backup", use: show)
        router.post("/settings/lists-backup/connect", use: connect)
        router.post("/settings/lists-backup/schedule", use: saveSchedule)
        router.post("/settings/lists-backup/now", use: backUpNow)
        router.post("/settings/lists-backup/disconnect", use: disconnect)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let otherGist = request.uri.queryParameters["gist"].map(String.init).flatMap(ListGistBackups.gistId(from:))
        return try await render(user: user, context: context, notice: Notice.from(request), otherGist: otherGist)
    }

    func connect(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: ConnectForm.self, context: context)
        guard form.passphrase == form.again else {
            return try await render(user: user, context: context, error: BackupPages.passphraseMismatch, status: .unprocessableContent)
        }
        do {
            _ = try await services.listGists.connect(accountId: user.id, householdId: user.householdId, token: form.token, passphrase: form.passphrase,
                                                     schedule: ListGistBackup.Schedule(rawValue: form.schedule ?? "") ?? .changes)
        } catch {
            return try await render(user: user, context: context, error: ProblemDetails(error).detail, status: .unprocessableContent)
        }
        return .seeOther("/settings/lists-backup", notice: .gistConnected)
    }

    func saveSchedule(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: ScheduleForm.self, context: context)
        guard let schedule = ListGistBackup.Schedule(rawValue: form.schedule) else { throw HTTPError(.badRequest) }
        try await services.listGists.store.setSchedule(schedule, accountId: user.id, householdId: user.householdId)
        return .seeOther("/settings/lists-backup", notice: .saved)
    }

    func backUpNow(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        do {
            try await services.listGists.backUp(accountId: user.id, householdId: user.householdId)
        } catch {
            return try await render(user: user, context: context, error: ProblemDetails(error).detail, status: .ok)
        }
        return .seeOther("/settings/lists-backup", notice: .gistBackedUp)
    }

    func disconnect(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        try await services.listGists.store.disconnect(accountId: user.id, householdId: user.householdId)
        return .seeOther("/settings/lists-backup", notice: .gistDisconnected)
    }

    private func render(user: User, context: HearthRequestContext, notice: String? = nil, error: String? = nil, otherGist: String? = nil,
                        status: HTTPResponse.Status = .ok) async throws -> Response {
        let found = try await services.listGists.store.find(accountId: user.id, householdId: user.householdId)?.backup
        var page = ListBackupPage(layout: services.layout("Lists backup", .settings, context, notice: notice), backup: found, error: error,
                                  timeZone: user.timeZone, otherGist: otherGist)
        if found != nil {
            do {
                let (gistId, revisions) = try await services.listGists.revisions(accountId: user.id, householdId: user.householdId, gistId: otherGist)
                page.showRevisions(gistId: gistId, revisions, timeZone: user.timeZone)
            } catch GistBackupError.gistMissing where otherGist == nil {
                page.revisionsNote = "No backup yet: the first one makes the gist."
            } catch {
                page.revisionsNote = ProblemDetails(error).detail
            }
        }
        return try services.renderer.render("lists-backup", page, status: status)
    }
}
