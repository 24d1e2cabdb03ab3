import Foundation
import HearthCore
import Hummingbird

/// Settings → Backups: download a backup, restore one (previewed first), and nightly backups kept
/// on the server.
struct BackupPages {
    let services: AppServices

    struct ScheduleForm: Decodable {
        let keep: Int
    }

    struct PassphraseForm: Decodable {
        let passphrase: String
        let again: String
    }

    /// A passphrase typed twice, differently.
    static let passphraseMismatch = "The two passphrases differ: type the same one twice."

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/settings/backups", use: show)
        router.post("/settings/backups/schedule", use: saveSchedule)
        router.post("/settings/backups/now", use: backUpNow)
        router.post("/settings/backups/passphrase", use: savePassphrase)
        router.get("/settings/backups/files/{name}", use: download)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        return try await render(user: user, context: context, notice: Notice.from(request))
    }

    func saveSchedule(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: ScheduleForm.self, context: context)
        do {
            try await services.inventory.setBackupsKept(form.keep, householdId: user.householdId)
        } catch let error as BackupError {
            return try await render(user: user, context: context, error: error.message, status: .unprocessableContent)
        }
        return .seeOther("/settings/backups", notice: .saved)
    }

    /// The household's backup passphrase, which off-site copies are encrypted with: kept sealed with
    /// the server's key (the nightly job needs it), changed only by a browser that confirmed it is you.
    func savePassphrase(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        guard try await services.accountService.confirmationLeft(session: context.sessionHash) > 0 else {
            return .seeOther("/confirm?next=/settings/backups")
        }
        let form = try await request.decode(as: PassphraseForm.self, context: context)
        let problem: String?
        do {
            try BackupError.check(passphrase: form.passphrase)
            problem = form.passphrase == form.again ? nil : Self.passphraseMismatch
        } catch {
            problem = error.message
        }
        if let problem {
            return try await render(user: user, context: context, passphraseError: problem, status: .unprocessableContent)
        }
        try await services.inventory.setSealedBackupPassphrase(try services.secrets.seal(form.passphrase), householdId: user.householdId)
        return .seeOther("/settings/backups#offsite", notice: .saved)
    }

    func backUpNow(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let keep = try await services.inventory.backupsKept(householdId: user.householdId)
        try await services.backups.makeKept(householdId: user.householdId, keep: max(keep, 1))
        return .seeOther("/settings/backups", notice: .backupMade)
    }

    func download(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let name = try context.parameters.require("name")
        guard try await services.accountService.confirmationLeft(session: context.sessionHash) > 0 else {
            return .seeOther("/confirm?next=/settings/backups")
        }
        guard let url = services.backups.keptFile(householdId: user.householdId, name: name) else { throw HTTPError(.notFound) }
        let data = try Data(contentsOf: url, options: .mappedIfSafe)
        var headers = HTTPFields()
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private func render(user: User, context: HearthRequestContext, notice: String? = nil, error: String? = nil,
                        passphraseError: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let keep = try await services.inventory.backupsKept(householdId: user.householdId)
        let confirmationLeft = try await services.accountService.confirmationLeft(session: context.sessionHash)
        let confirm = confirmationLeft > 0 ? nil : try await ConfirmCard(
            purpose: "A backup hands over the household's whole inventory, and a restore can replace it.",
            next: "/settings/backups", user: user, context: context, services: services)
        let page = BackupsPage(
            layout: services.layout("Backups", .settings, context, notice: notice), confirm: confirm, confirmed: confirm == nil,
            confirmationSecondsLeft: confirmationLeft.isFinite ? Int(confirmationLeft) : 0,
            keep: keep, nightly: keep > 0,
            kept: services.backups.kept(householdId: user.householdId).map { BackupsPage.Row($0, timeZone: user.timeZone) },
            folder: services.backups.folder(householdId: user.householdId).path, error: error,
            maxMB: services.configuration.limits.maxBackupBytes / 1_048_576,
            offsite: try await offsite(user: user, nightly: keep > 0), passphraseError: passphraseError
        )
        return try services.renderer.render("backups", page, status: status)
    }
}

extension BackupPages {
    private func offsite(user: User, nightly: Bool) async throws -> BackupsPage.Offsite? {
        guard let offsite = services.backups.offsite else { return nil }
        let state = try await services.inventory.offsiteBackupState(householdId: user.householdId)
        return BackupsPage.Offsite(
            folder: WebDAVFolder.withoutCredentials(offsite.householdFolder(user.householdId).url), passphraseSet: state.passphraseSet,
            sentName: state.sentName, sentAt: state.sentAt.map { DisplayFormat.dateTime($0, timeZone: user.timeZone) },
            error: state.error, triedAt: state.triedAt.map { DisplayFormat.dateTime($0, timeZone: user.timeZone) }, nightlyOff: !nightly)
    }
}

/// The Backups page.
struct BackupsPage: Sendable {
    /// Where backups go off the server, and how the last one went.
    struct Offsite: Sendable {
        let folder: String
        let passphraseSet: Bool
        let sentName: String?
        let sentAt: String?
        let error: String?
        let triedAt: String?
        let nightlyOff: Bool
    }

    struct Row: Sendable {
        let name: String
        let size: String
        let made: String

        init(_ kept: HouseholdBackups.Kept, timeZone: String) {
            name = kept.name
            size = ByteCountFormatter.string(fromByteCount: Int64(kept.byteSize), countStyle: .file)
            made = DisplayFormat.dateTime(kept.madeAt, timeZone: timeZone)
        }
    }

    let layout: Layout
    /// Asks to confirm it is you first, in place of downloading and restoring.
    let confirm: ConfirmCard?
    let confirmed: Bool
    /// How long this session's confirmation lasts from now (the page's links ask again after that).
    let confirmationSecondsLeft: Int
    let keep: Int
    let nightly: Bool
    let kept: [Row]
    let folder: String
    let error: String?
    let maxMB: Int
    /// nil: the server sends no backup off-site.
    let offsite: Offsite?
    let passphraseError: String?
}
