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
        router.post("/settings/household/members/{id}/remove", use: removeMember)
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
            await services.events.endStreams(ofUser: user.id, in: user.householdId)
            return .seeOther("/settings/household", notice: .left)
        } catch let error as AccountError {
            return try await render(context: context, error: error.message, status: ProblemDetails.status(of: error))
        }
    }

    func removeMember(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        do {
            try await services.accounts.removeMember(id, by: user.id)
            await services.events.endStreams(ofUser: id, in: user.householdId)
            return .seeOther("/settings/household", notice: .memberRemoved)
        } catch let error as AccountError where error != .notFound {
            // Not found (another household's member) goes to the 404 page like every other id.
            return try await render(context: context, error: error.message, status: ProblemDetails.status(of: error))
        }
    }

    /// Signed in: the offer to join. Signed out: who invites to which household, and the way to
    /// an account (new or existing) that comes back here.
    func showInvite(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let secret = try context.parameters.require("secret")
        guard let user = context.user else {
            let invitation = try await Invitation.find(secret: secret, services: services)
            let page = InviteWelcomePage(layout: services.layout("You are invited", nil, context), invitation: invitation,
                                         next: "/invite/\(secret)", registrationOpen: services.configuration.registrationOpen)
            return try services.renderer.render("invite-welcome", page, status: invitation == nil ? .notFound : .ok)
        }
        return try await renderInvite(secret: secret, user: user, context: context)
    }

    func acceptInvite(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let secret = try context.parameters.require("secret")
        do {
            _ = try await services.accounts.acceptInvite(tokenHash: SecretToken.hash(secret), userId: user.id)
            await services.events.endStreams(ofUser: user.id, in: user.householdId)
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
            members: members.map { .init(id: $0.id.text, name: $0.name, email: $0.email, isYou: $0.id == user.id,
                                         isOwner: $0.id == members.first?.id, removable: members.first?.id == user.id && $0.id != user.id) },
            invites: invites.map { .init(id: $0.id.text, expires: DisplayFormat.dateTime($0.expiresAt, timeZone: user.timeZone)) },
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
        // Joining deletes a household of one; it is worth a warning only when it holds something.
        let ownLists = ownMembers.count <= 1
            ? try await services.lists.lists(householdId: user.householdId).count
                + services.lists.deletedLists(householdId: user.householdId).count
            : 0
        let page = InvitePage(
            layout: services.layout("Join a household", .settings, context),
            secret: secret, householdName: household?.name ?? "", error: problem?.message,
            ownListCount: ownLists > 0 ? DisplayFormat.count(ownLists, "list", "lists").lowercased() : nil
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
        let id: String
        let name: String
        let email: String
        let isYou: Bool
        let isOwner: Bool
        /// Shown to the owner beside every other member.
        let removable: Bool
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
    /// "2 lists" when the person's household (of which they are the only member) holds lists:
    /// it is deleted with them when they join.
    let ownListCount: String?
}

/// A valid invite link, as its visitor sees it before signing in.
struct Invitation: Sendable {
    let householdName: String
    let inviterName: String

    /// The invite behind `secret` if it can still be used.
    static func find(secret: String, services: AppServices) async throws -> Invitation? {
        guard let invite = try await services.accounts.invite(tokenHash: SecretToken.hash(secret)),
              invite.usedAt == nil, invite.expiresAt > services.clock.now,
              let household = try await services.accounts.household(id: invite.householdId)
        else { return nil }
        let inviter = try await services.accounts.user(id: invite.createdBy)
        return Invitation(householdName: household.name, inviterName: inviter?.name ?? "A member")
    }

    /// The invite a sign-in or registration will lead back to (`next` is its link), if any.
    static func find(next: String?, services: AppServices) async throws -> Invitation? {
        guard let next, next.hasPrefix("/invite/") else { return nil }
        return try await find(secret: String(next.dropFirst("/invite/".count)), services: services)
    }
}

/// The invite link's page for someone not signed in.
struct InviteWelcomePage: Sendable {
    let layout: Layout
    let invitation: Invitation?
    let next: String
    let registrationOpen: Bool
}
