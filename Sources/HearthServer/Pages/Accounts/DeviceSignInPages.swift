import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// The page where a signed-in person approves a program's sign-in (`hearth login --browser`):
/// it shows the program's name and code, to check against what the terminal shows.
struct DeviceSignInPages {
    let services: AppServices

    struct DecisionForm: Decodable {
        let code: String
        let decision: String
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/auth/device", use: show)
        router.post("/auth/device", use: decide)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let typed = request.uri.queryParameters["code"].map { DeviceSignIns.normalized(String($0)) } ?? ""
        guard let user = context.user else {
            let here = "/auth/device" + (typed.isEmpty ? "" : "?code=" + typed)
            return .redirect(to: AccountPages.path("/login", next: here))
        }
        guard !typed.isEmpty else { return try await render(.init(state: .asking, code: "", deviceName: ""), user: user, context: context) }
        guard let found = try await services.credentials.deviceSignIn(code: typed), !found.approved else {
            return try await render(.init(state: .unknown, code: typed, deviceName: ""), user: user, context: context, status: .notFound)
        }
        return try await render(.init(state: .approving, code: found.code, deviceName: found.deviceName), user: user, context: context)
    }

    func decide(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: DecisionForm.self, context: context)
        let code = DeviceSignIns.normalized(form.code)
        guard let found = try await services.credentials.deviceSignIn(code: code), !found.approved else {
            return try await render(.init(state: .unknown, code: code, deviceName: ""), user: user, context: context, status: .notFound)
        }
        guard form.decision == "approve" else {
            try await services.credentials.refuseDeviceSignIn(code: code)
            return try await render(.init(state: .refused, code: code, deviceName: found.deviceName), user: user, context: context)
        }
        // A token can do all the account can: like making one in Settings, it needs a recent sign-in.
        guard try await services.accountService.confirmationLeft(session: context.sessionHash) > 0 else {
            return .seeOther(AccountPages.path("/confirm", next: "/auth/device?code=" + code))
        }
        guard try await services.credentials.approveDeviceSignIn(code: code, userId: user.id) else {
            return try await render(.init(state: .unknown, code: code, deviceName: ""), user: user, context: context, status: .notFound)
        }
        services.logger.info("Approved a device sign-in", metadata: ["user": "\(user.id)"])
        return try await render(.init(state: .approved, code: code, deviceName: found.deviceName), user: user, context: context)
    }

    private func render(_ model: DevicePage.Model, user: User, context: HearthRequestContext,
                        status: HTTPResponse.Status = .ok) async throws -> Response {
        let confirm = model.state == .approving
            ? try await ConfirmCard.ifNeeded("Signing in a program gives it an API token that can read and change everything your account can.",
                                             next: "/auth/device?code=" + model.code, user: user, context: context, services: services)
            : nil
        let page = DevicePage(layout: services.layout("Sign in a program", nil, context), model: model, userName: user.name, confirm: confirm)
        return try services.renderer.render("device", page, status: status)
    }
}

/// The approval page and its outcomes.
struct DevicePage: Sendable {
    struct Model: Sendable {
        enum State: String, Sendable { case asking, approving, approved, refused, unknown }
        let state: State
        let code: String
        let deviceName: String
        // Stored, not computed: the template reads properties by reflection.
        let asking: Bool, approving: Bool, approved: Bool, refused: Bool, unknown: Bool

        init(state: State, code: String, deviceName: String) {
            self.state = state
            self.code = code
            self.deviceName = deviceName
            (asking, approving, approved) = (state == .asking, state == .approving, state == .approved)
            (refused, unknown) = (state == .refused, state == .unknown)
        }
    }
    let layout: Layout
    let model: Model
    let userName: String
    let confirm: ConfirmCard?
}
