import Foundation
import HTTPTypes
import HearthCore
import HearthStore
import Hummingbird

/// Signs people in by the headers of a proxy that signs them in (Authelia, Authentik's outpost,
/// `HEARTH_FORWARD_AUTH`), believed from the trusted proxies' addresses only: the direct peer's,
/// never an address a client wrote in `X-Forwarded-For`.
///
/// A page request with the headers gets a session of Hearth's own for that person (so forms and
/// the page's scripts work as with any sign-in); when the proxy says someone else, the session
/// changes to them. API requests with a bearer token are left alone. The person is found by the
/// proxy's user name (linked like a provider identity); the first time, an account with the email
/// the proxy sends is taken (the proxy vouches for it), else a new one is made when registration is
/// open or one of the proxy's groups is allowed.
struct ForwardAuthMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    /// The issuer under which proxy user names are linked to accounts.
    static let issuer = "forward-auth"

    let settings: ForwardAuthSettings
    let trusted: TrustedProxies
    let accountService: AccountService
    let secureCookies: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !request.isStaticAsset, !request.isAPI, request.headers[.authorization] == nil, trusted.contains(context.peerAddress),
              let subject = header(settings.userHeader, of: request), !subject.isEmpty
        else { return try await next(request, context) }
        let identity = ProviderIdentity(issuer: Self.issuer, subject: subject)
        if let current = context.user, try await accountService.credentials.linkedUserId(identity) == current.id {
            return try await next(request, context)
        }
        let user = try await person(identity, request: request, address: context.clientAddress)
        if let previous = context.sessionHash { try await accountService.credentials.deleteSession(tokenHash: previous) }
        let secret = try await accountService.startSession(for: user, origin: context.origin(of: request))
        var context = context
        context.user = user
        context.sessionHash = SecretToken.hash(secret)
        var response = try await next(request, context)
        response.setCookie(AuthenticationMiddleware.cookie(secret, request: request, secure: secureCookies))
        return response
    }

    /// The account of the person the proxy names.
    private func person(_ identity: ProviderIdentity, request: Request, address: String) async throws -> User {
        guard let sent = header(settings.emailHeader, of: request), let email = try? AccountRules.email(sent) else {
            throw AccountError.invalidEmail("The signing-in proxy sent no email in \(settings.emailHeader); Hearth needs one for the account.")
        }
        if let user = try await accountService.linkedUser(identity, email: email) { return user }
        if let existing = try await accountService.accounts.credentials(email: email)?.user {
            try await accountService.credentials.link(identity, email: email, to: existing.id)
            return existing
        }
        let groups = (header(settings.groupsHeader, of: request) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard accountService.registrationOpen || !settings.allowedGroups.isDisjoint(with: groups) else { throw AccountError.registrationClosed }
        guard let user = try await accountService.registerLinked(identity, email: email, name: header(settings.nameHeader, of: request),
                                                                 address: address)
        else { throw AccountError.emailTaken }
        return user
    }

    private func header(_ name: String, of request: Request) -> String? {
        HTTPField.Name(name).flatMap { request.headers[$0] }?.trimmingCharacters(in: .whitespaces)
    }
}
