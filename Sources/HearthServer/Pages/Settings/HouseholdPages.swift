import Foundation
import HearthCore
import Hummingbird

/// The household: members, renaming, invite links, joining and leaving.
struct HouseholdPages {
    let services: AppServices

    struct RenameForm: Decodable {
        let name: String
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/settings/household", use: show)
        router.post("/settings/household", use: rename)
        router.post("/settings/household/invites", use: createInvite)
        router.post("/settings/household/invites/{id}/withdraw", use: withdrawInvite)
        router.post("/settings/household/leave", use: leave)
        router.get("/invite/{secret}", use: showInvite)
        router.post("/invite/{secret}", use: acceptInvite)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await render(context: context, notice: Notice.from(request))
    }

    func rename(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: RenameForm.self, context: context)
        do {
            try await services.accounts.renameHousehold(id: user.householdId, to: try AccountRules.name(form.name))
            return .seeOther("/settings/household", notice: .saved)
        } catch let error as AccountError {
            return try await render(context: context, error: error.message, status: ProblemDetails.status(of: error))
        }
    }

    func createInvite(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let secret = SecretToken.generate()
        _ = try await services.accounts.createInvite(householdId: user.householdId, createdBy: user.id, tokenHash: SecretToken.hash(secret))
        return try await render(context: context, inviteLink: Self.inviteURL(secret, request: request))
    }

    func withdrawInvite(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        guard try await services.accounts.deleteInvite(id: id, householdId: user.householdId) else { throw AccountError.notFound }
        return .seeOther("/settings/household", notice: .inviteWithdrawn)
    }

    func leave(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        do {
            _ = try await services.accounts.leaveHousehold(userId: user.id)
            return .seeOther("/settings/household", notice: .left)
        } catch let error as AccountError {
            return try await render(context: context, error: error.message, status: ProblemDetails.status(of: error))
        }
    }

    func showInvite(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let secret = try context.parameters.require("secret")
        return try await renderInvite(secret: secret, user: user, context: context)
    }

    func acceptInvite(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let secret = try context.parameters.require("secret")
        do {
            _ = try await services.accounts.acceptInvite(tokenHash: SecretToken.hash(secret), userId: user.id)
            return .seeOther("/settings/household", notice: .joined)
        } catch let error as AccountError {
            return try await renderInvite(secret: secret, user: user, context: context, error: error)
        }
    }

    private func render(
        context: HearthRequestContext, notice: String? = nil, inviteLink: String? = nil, error: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = try context.requireUser()
        guard let household = try await services.accounts.household(id: user.householdId) else { throw AccountError.notFound }
        let members = try await services.accounts.members(householdId: household.id)
        let invites = try await services.accounts.openInvites(householdId: household.id)
        let page = HouseholdPage(
            layout: services.layout("Household", .settings, context, notice: notice),
            name: household.name,
            members: members.map { .init(name: $0.name, email: $0.email, isYou: $0.id == user.id) },
            invites: invites.map { .init(id: $0.id.uuidString, expires: DisplayFormat.dateTime($0.expiresAt, timeZone: user.timeZone)) },
            hasInvites: !invites.isEmpty, inviteLink: inviteLink, error: error, canLeave: members.count > 1
        )
        return try services.renderer.render("household", page, status: status)
    }

    private func renderInvite(
        secret: String, user: User, context: HearthRequestContext, error: AccountError? = nil
    ) async throws -> Response {
        let invite = try await services.accounts.invite(tokenHash: SecretToken.hash(secret))
        let problem: AccountError? = if let error { error }
            else if let invite { invite.problem(forMemberOf: user.householdId, at: services.clock.now) }
            else { .inviteNotFound }
        let household = if let invite { try await services.accounts.household(id: invite.householdId) } else { Household?.none }
        let ownMembers = try await services.accounts.members(householdId: user.householdId)
        let page = InvitePage(
            layout: services.layout("Join a household", .settings, context),
            secret: secret, householdName: household?.name ?? "", error: problem?.message,
            losesOwnHousehold: ownMembers.count <= 1
        )
        return try services.renderer.render("invite", page, status: problem.map(ProblemDetails.status(of:)) ?? .ok)
    }

    static func inviteURL(_ secret: String, request: Request) -> String {
        let scheme = request.isHTTPS ? "https" : "http"
        let host = request.head.authority ?? "localhost:8080"
        return "\(scheme)://\(host)/invite/\(secret)"
    }
}

/// The household page.
struct HouseholdPage: Sendable {
    struct Member: Sendable {
        let name: String
        let email: String
        let isYou: Bool
    }
    struct OpenInvite: Sendable {
        let id: String
        let expires: String
    }
    let layout: Layout
    let name: String
    let members: [Member]
    let invites: [OpenInvite]
    let hasInvites: Bool
    let inviteLink: String?
    let error: String?
    let canLeave: Bool
}

/// The page an invite link opens.
struct InvitePage: Sendable {
    let layout: Layout
    let secret: String
    let householdName: String
    let error: String?
    /// The person's current household is deleted when they join another as its only member.
    let losesOwnHousehold: Bool
}
