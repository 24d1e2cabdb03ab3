import Foundation
import HTTPTypes
import HearthCore
import HearthStore
import Hummingbird

/// Signs people in by the headers of a proxy that signs them in (Authelia, Authentik's outpost,
/// `HEARTH_FORWARD_AUTH`), believed from the trusted proxies' addresses only: the direct peer's,
/// never an address a client wrote in `X-Forwarded-For`. It runs after ``CSRFMiddleware`` (a page
/// it answers carries the browser's token) and before ``InventoryLockMiddleware`` (which needs the user).
///
/// A page request with the headers gets a session of Hearth's own for that person (so forms and
/// the page's scripts work as with any sign-in); when the proxy names someone else, the session
/// changes to them. API requests with a bearer token are left alone. The person is found by the
/// proxy's user name, linked like a provider identity. The first time: when an account has the
/// email the proxy sends, its password links it once (as for an identity provider: an email
/// typed at the proxy takes over nothing); else a new account is made when registration is open or
/// one of the proxy's groups is allowed.
struct ForwardAuthMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    /// The issuer under which proxy user names are linked to accounts.
    static let issuer = "forward-auth"

    let settings: ForwardAuthSettings
    let services: AppServices
    var accountService: AccountService { services.accountService }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !request.isStaticAsset, !request.isAPI, request.headers[.authorization] == nil,
              request.uri.path != "/auth/oidc/link",  // the linking form's answer, below
              services.configuration.trustedProxies.contains(context.peerAddress),
              let subject = header(settings.userHeader, of: request), !subject.isEmpty
        else { return try await next(request, context) }
        let identity = ProviderIdentity(issuer: Self.issuer, subject: subject)
        let linked = try await accountService.credentials.linkedUserId(identity)
        if let current = context.user, linked == current.id { return try await next(request, context) }
        let user: User
        if let linked, let found = try await accountService.accounts.user(id: linked) {
            user = found
        } else {
            switch try await firstVisit(identity, request: request, context: context) {
            case .user(let made): user = made
            case .page(let page): return page
            }
        }
        if let previous = context.sessionHash { try await accountService.credentials.deleteSession(tokenHash: previous) }
        let secret = try await accountService.startSession(for: user, origin: context.origin(of: request))
        var context = context
        context.user = user
        context.sessionHash = SecretToken.hash(secret)
        var response = try await next(request, context)
        response.setCookie(AuthenticationMiddleware.cookie(secret, request: request, secure: services.configuration.secureCookies))
        return response
    }

    private enum FirstVisit {
        case user(User)
        /// The form that links the account of the proxy's email, with its password.
        case page(Response)
    }

    /// A person the proxy names for the first time.
    private func firstVisit(_ identity: ProviderIdentity, request: Request, context: Context) async throws -> FirstVisit {
        guard let sent = header(settings.emailHeader, of: request), let email = try? AccountRules.email(sent) else {
            throw AccountError.invalidEmail("The signing-in proxy sent no email in \(settings.emailHeader); Hearth needs one for the account.")
        }
        if let existing = try await accountService.accounts.credentials(email: email)?.user {
            let ticket = try LinkTicket(identity: identity, email: email, browser: context.csrfToken,
                                        expiresAt: services.clock.now + CredentialStore.singleSignOnLifetime).sealed(with: services.secrets)
            let model = LinkPage.Model(ticket: ticket, email: email, needsCode: try await accountService.twoStep.isOn(userId: existing.id),
                                       next: request.method == .get ? request.uri.description : nil, error: nil)
            return .page(try SingleSignOnPages.renderLink(model, services: services, context: context))
        }
        let groups = (header(settings.groupsHeader, of: request) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard accountService.registrationOpen || !settings.allowedGroups.isDisjoint(with: groups) else { throw AccountError.registrationClosed }
        guard let user = try await accountService.registerLinked(identity, email: email, name: header(settings.nameHeader, of: request),
                                                                 address: context.clientAddress)
        else { throw AccountError.emailTaken }
        return .user(user)
    }

    private func header(_ name: String, of request: Request) -> String? {
        HTTPField.Name(name).flatMap { request.headers[$0] }?.trimmingCharacters(in: .whitespaces)
    }
}
