import Foundation
import HearthCore
import Hummingbird

/// Confirming it is you again before what cannot be undone (``AccountService/confirmationWindow``):
/// the page that asks, and the card the Backups and API tokens pages show in place of their
/// actions while the session must confirm first.
struct ConfirmationPages {
    let services: AppServices

    struct ConfirmForm: Decodable {
        let password: String?
        let code: String?
        let next: String?
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/confirm", use: show)
        router.post("/confirm", use: confirm)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let next = AccountPages.safeNextPath(request.uri.queryParameters["next"].map(String.init))
        return try await render(user: user, next: next, context: context)
    }

    func confirm(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: ConfirmForm.self, context: context)
        let next = AccountPages.safeNextPath(form.next)
        do {
            try await services.accountService.confirm(session: context.sessionHash, of: user, password: form.password, code: form.code,
                                                      address: context.clientAddress)
            return .seeOther(next, notice: .confirmed)
        } catch let error as AccountError {
            return try await render(user: user, next: next, context: context, error: error.message, status: ProblemDetails.status(of: error))
        }
    }

    private func render(user: User, next: String, context: HearthRequestContext, error: String? = nil,
                        status: HTTPResponse.Status = .ok) async throws -> Response {
        let card = try await ConfirmCard(purpose: "What you were about to do cannot be undone.", next: next, user: user,
                                         context: context, services: services, error: error, onItsOwnPage: true)
        let page = ConfirmPage(layout: services.layout("Confirm it is you", .settings, context), card: card)
        return try services.renderer.render("confirm", page, status: status)
    }
}

/// The page that asks to confirm.
struct ConfirmPage: Sendable {
    let layout: Layout
    let card: ConfirmCard
}

/// The form that confirms it is you, with what it is for and where it goes next.
struct ConfirmCard: Sendable {
    let purpose: String
    let next: String
    /// With two-step sign-in on, a code from the app confirms too.
    let twoStep: Bool
    let csrfToken: String
    let error: String?
    /// One of the user's passkeys confirms too (where the browser has passkeys).
    let hasPasskeys: Bool
    /// On the page of its own, whose title says what the card's heading would.
    let onItsOwnPage: Bool
    /// Signing in at the identity provider again confirms too, for an account linked to it.
    let singleSignOn: SingleSignOnButton?

    init(purpose: String, next: String, user: User, context: HearthRequestContext, services: AppServices,
         error: String? = nil, onItsOwnPage: Bool = false) async throws {
        self.purpose = purpose
        self.onItsOwnPage = onItsOwnPage
        self.next = next
        twoStep = try await services.accountService.twoStep.isOn(userId: user.id)
        hasPasskeys = try await !services.credentials.passkeys(userId: user.id).isEmpty
        // Only an identity of the configured provider can sign in there again (not a proxy's, nor an earlier provider's).
        let provider = services.configuration.openID
        let linked = try await services.credentials.linkedIdentities(userId: user.id)
            .contains { identity, _ in provider.map { IdentityProvider.sameIssuer(identity.issuer, $0.issuer.absoluteString) } ?? false }
        singleSignOn = linked ? SingleSignOnButton(provider, next: next, confirming: true) : nil
        csrfToken = context.csrfToken
        self.error = error
    }

    /// The card for a page whose `purpose` cannot be undone, or nil when its session may go ahead now.
    static func ifNeeded(_ purpose: String, next: String, user: User, context: HearthRequestContext,
                         services: AppServices) async throws -> ConfirmCard? {
        guard try await services.accountService.confirmationLeft(session: context.sessionHash) <= 0 else { return nil }
        return try await ConfirmCard(purpose: purpose, next: next, user: user, context: context, services: services)
    }
}
