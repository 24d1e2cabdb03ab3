import Foundation
import HearthCore
import Hummingbird

/// API tokens: create (shown once), list, revoke.
struct TokenPages {
    let services: AppServices

    struct CreateForm: Decodable {
        let name: String
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/settings/tokens", use: show)
        router.post("/settings/tokens", use: create)
        router.post("/settings/tokens/{id}/revoke", use: revoke)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        return try await render(user: user, context: context, notice: Notice.from(request))
    }

    func create(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: CreateForm.self, context: context)
        guard try await services.accountService.confirmationLeft(session: context.sessionHash) > 0 else {
            return .seeOther("/confirm?next=/settings/tokens")
        }
        do {
            let created = try await services.accountService.createToken(for: user, name: form.name, origin: context.origin(of: request))
            return try await render(user: user, context: context, newToken: .init(name: created.token.name, secret: created.secret))
        } catch let error as AccountError {
            return try await render(user: user, context: context, error: error.message, status: ProblemDetails.status(of: error))
        }
    }

    func revoke(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        guard try await services.credentials.deleteToken(id: id, userId: user.id) else { throw AccountError.notFound }
        return .seeOther("/settings/tokens", notice: .tokenRevoked)
    }

    private func render(
        user: User, context: HearthRequestContext, notice: String? = nil, newToken: TokensPage.NewToken? = nil,
        error: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let tokens = try await services.credentials.tokens(userId: user.id)
        let confirm = try await ConfirmCard.ifNeeded("A new API token can read and change everything your account can.",
                                                     next: "/settings/tokens", user: user, context: context, services: services)
        let page = TokensPage(
            layout: services.layout("API tokens", .settings, context, notice: notice), confirm: confirm,
            tokens: tokens.map { TokensPage.Row(token: $0, timeZone: user.timeZone) },
            newToken: newToken, error: error
        )
        return try services.renderer.render("tokens", page, status: status)
    }
}

/// The API tokens page.
struct TokensPage: Sendable {
    struct Row: Sendable {
        let id: String
        let name: String
        let created: String
        let lastUsed: String

        init(token: APIToken, timeZone: String) {
            id = token.id.text
            name = token.name
            created = DisplayFormat.dateTime(token.createdAt, timeZone: timeZone)
            lastUsed = token.lastUsedAt.map { DisplayFormat.dateTime($0, timeZone: timeZone) } ?? "never"
        }
    }

    struct NewToken: Sendable {
        let name: String
        let secret: String
    }

    let layout: Layout
    /// Asks to confirm it is you first, in place of the form that creates a token.
    let confirm: ConfirmCard?
    let tokens: [Row]
    let newToken: NewToken?
    let error: String?
}
