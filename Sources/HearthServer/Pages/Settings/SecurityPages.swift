import Foundation
import HearthCore
import HearthReports
import HearthStore
import Hummingbird

/// Settings → Security: two-step sign-in with an authenticator app — set up with a QR code,
/// confirmed with a first code (then the recovery codes, shown once), turned off with the password
/// or a code — and the devices signed in, each signed out on its own or all others at once.
struct SecurityPages {
    let services: AppServices

    struct EnableForm: Decodable {
        let password: String
        let code: String
    }

    struct OffForm: Decodable {
        let password: String?
        let code: String?
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/settings/security", use: show)
        router.post("/settings/security/two-step/setup", use: setUp)
        router.post("/settings/security/two-step/enable", use: enable)
        router.post("/settings/security/two-step/off", use: turnOff)
        router.post("/settings/security/devices/{id}/sign-out", use: signOutDevice)
        router.post("/settings/security/devices/sign-out-others", use: signOutOthers)
        router.post("/settings/security/passkeys/{id}/delete", use: deletePasskey)
    }

    func deletePasskey(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        guard try await services.credentials.deletePasskey(id: id, userId: user.id) else { throw PasskeyError.notFound }
        return .seeOther("/settings/security", notice: .passkeyRemoved)
    }

    func signOutDevice(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        guard try await services.credentials.signOut(deviceId: id, userId: user.id) else { throw AccountError.notFound }
        return .seeOther("/settings/security", notice: .deviceSignedOut)
    }

    func signOutOthers(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        try await services.credentials.deleteSessions(userId: user.id, keeping: context.sessionHash)
        return .seeOther("/settings/security", notice: .othersSignedOut)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        return try await render(SecurityPage.Model(), user: user, context: context, notice: Notice.from(request))
    }

    func setUp(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        do {
            let setup = try await services.accountService.twoStep.begin(for: user)
            return try await render(SecurityPage.Model(setup: .init(setup)), user: user, context: context)
        } catch let error as AccountError {
            return try await render(SecurityPage.Model(error: error.message), user: user, context: context, status: ProblemDetails.status(of: error))
        }
    }

    func enable(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: EnableForm.self, context: context)
        do {
            let codes = try await services.accountService.turnOnTwoStep(for: user, password: form.password, code: form.code,
                                                                        address: context.clientAddress)
            return try await render(SecurityPage.Model(recoveryCodes: codes), user: user, context: context)
        } catch let error as AccountError where error == .setupCodeWrong || error == .confirmationWrong {
            // The same QR code again: the app has it already.
            let setup = try await services.accountService.twoStep.pending(for: user).map(SecurityPage.Setup.init)
            return try await render(SecurityPage.Model(setup: setup, error: error.message), user: user,
                                    context: context, status: ProblemDetails.status(of: error))
        } catch let error as AccountError {
            return try await render(SecurityPage.Model(error: error.message), user: user, context: context, status: ProblemDetails.status(of: error))
        }
    }

    func turnOff(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: OffForm.self, context: context)
        do {
            try await services.accountService.turnOffTwoStep(for: user, password: form.password, code: form.code, address: context.clientAddress)
            return .seeOther("/settings/security", notice: .twoStepOff)
        } catch let error as AccountError {
            return try await render(SecurityPage.Model(offError: error.message), user: user, context: context, status: ProblemDetails.status(of: error))
        }
    }

    private func render(
        _ model: SecurityPage.Model, user: User, context: HearthRequestContext, notice: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let state = try await services.accountService.twoStepState(userId: user.id)
        let devices = try await services.credentials.devices(userId: user.id, currentTokenHash: context.sessionHash)
        let page = SecurityPage(layout: services.layout("Security", .settings, context, notice: notice), model: model,
                                enabled: state.enabled, recoveryCodesLeft: state.recoveryCodesLeft,
                                devices: devices.map { SecurityPage.Device($0, timeZone: user.timeZone) },
                                hasOtherSessions: devices.contains { $0.kind == .session && !$0.isCurrent },
                                inventoryLock: InventoryLockChoice.all(selected: user.inventoryLock),
                                passkeys: try await services.credentials.passkeys(userId: user.id).map { SecurityPage.PasskeyRow($0, timeZone: user.timeZone) },
                                mayAddPasskey: try await services.accountService.confirmationLeft(session: context.sessionHash) > 0,
                                singleSignOn: .init(try await services.credentials.linkedIdentities(userId: user.id).map(SecurityPage.IdentityRow.init)))
        return try services.renderer.render("security", page, status: status)
    }
}

/// The Security page.
struct SecurityPage: Sendable {
    /// An authenticator app's setup: its QR code, and the secret for an app that cannot scan.
    struct Setup: Sendable {
        let qrCode: String
        let secret: String
        let provisioningURL: String

        init(_ setup: TwoStepService.Setup) {
            provisioningURL = setup.provisioningURL
            qrCode = QRCode(setup.provisioningURL)?.svg(title: "QR code for your authenticator app") ?? ""
            // In groups of four, as apps show it and people type it.
            secret = stride(from: 0, to: setup.secret.count, by: 4).map { start in
                String(setup.secret.dropFirst(start).prefix(4))
            }.joined(separator: " ")
        }
    }

    struct Model: Sendable {
        let setup: Setup?
        let recoveryCodes: [String]
        let error: String?
        let offError: String?
        /// Just turned on: the recovery codes, this once (stored: templates see stored properties only).
        let showsCodes: Bool

        init(setup: Setup? = nil, recoveryCodes: [String] = [], error: String? = nil, offError: String? = nil) {
            self.setup = setup
            self.recoveryCodes = recoveryCodes
            self.error = error
            self.offError = offError
            showsCodes = !recoveryCodes.isEmpty
        }
    }

    /// Where else this account signs in from: an identity provider, or a signing-in proxy.
    struct IdentityRow: Sendable {
        let provider: String
        let email: String

        init(_ linked: (identity: ProviderIdentity, email: String)) {
            let issuer = linked.identity.issuer
            provider = issuer == ForwardAuthMiddleware.issuer ? "The signing-in proxy, as “\(linked.identity.subject)”"
                : URL(string: issuer)?.host.map { "The identity provider at \($0)" } ?? issuer
            email = linked.email
        }
    }

    /// A browser signed in or an API token, as the list shows it.
    struct Device: Sendable {
        let id: String
        let title: String
        let detail: String
        let isCurrent: Bool
        let isToken: Bool

        init(_ device: SignedInDevice, timeZone: String) {
            id = device.id.text
            let name = DeviceName.describe(userAgent: device.origin.userAgent)
            isToken = device.kind == .token
            title = device.name.map { "API token “\($0)”" } ?? name
            let used = device.lastUsedAt.map { "last used \(DisplayFormat.dateTime($0, timeZone: timeZone))" } ?? "never used"
            detail = ([isToken ? name : nil, "since \(DisplayFormat.dateTime(device.createdAt, timeZone: timeZone))", used,
                       device.origin.address.map { "from \($0)" }] as [String?]).compactMap { $0 }.joined(separator: " · ")
            isCurrent = device.isCurrent
        }
    }

    let layout: Layout
    let model: Model
    let enabled: Bool
    let recoveryCodesLeft: Int
    let devices: [Device]
    let hasOtherSessions: Bool
    let inventoryLock: [InventoryLockChoice]
    let passkeys: [PasskeyRow]
    /// Adding a passkey asks to confirm it is you first when the session signed in or confirmed more than 10 minutes ago.
    let mayAddPasskey: Bool
    /// The identities that sign in to this account (single sign-on); nil when none: the card is not shown.
    let singleSignOn: SingleSignOnCard?

    struct SingleSignOnCard: Sendable {
        let rows: [IdentityRow]

        init?(_ rows: [IdentityRow]) {
            guard !rows.isEmpty else { return nil }
            self.rows = rows
        }
    }

    /// A passkey as the list shows it.
    struct PasskeyRow: Sendable {
        let id: String
        let name: String
        let detail: String

        init(_ passkey: Passkey, timeZone: String) {
            id = passkey.id.text
            name = passkey.name
            detail = "added \(DisplayFormat.dateTime(passkey.createdAt, timeZone: timeZone)) · "
                + (passkey.lastUsedAt.map { "last used \(DisplayFormat.dateTime($0, timeZone: timeZone))" } ?? "not used yet")
        }
    }
}
