import Crypto
import Foundation
import HearthCore
import HearthPush
import HearthStore

/// Signing in through the identity provider: the authorization code flow with PKCE, `state` and
/// `nonce`, and who gets in.
///
/// - An identity (issuer and subject) linked to an account signs into it.
/// - An identity new to Hearth whose email an account has is linked only when the provider says the
///   email is verified and the person types that account's password once (no takeover through an
///   email someone else typed at the provider).
/// - A new person gets an account when registration is open or one of their groups is allowed, and
///   the provider says the email is verified.
///
/// Hearth's own second step is not asked for on such a sign-in: the provider runs its own.
struct SingleSignOnService: Sendable {
    /// How the provider's answer goes on.
    enum Outcome {
        case signedIn(User, next: String?)
        /// The person signed in at the provider again, as the identity linked to `userId`.
        case confirmed(userId: UUID, next: String?)
        /// An account has the email: its password links it. The sealed ticket stands for the identity.
        case needsLink(ticket: String, email: String, needsCode: Bool, next: String?)
    }

    let settings: OpenIDSettings
    let provider: IdentityProvider
    let accountService: AccountService
    let box: SecretBox
    let clock: any WallClock
    /// `HEARTH_PUBLIC_URL/auth/oidc/callback`, as the provider knows it.
    let redirectURI: String

    var credentials: CredentialStore { accountService.credentials }
    var accounts: AccountStore { accountService.accounts }

    init(settings: OpenIDSettings, publicURL: URL, accountService: AccountService, box: SecretBox, clock: any WallClock) {
        self.settings = settings
        self.provider = IdentityProvider(settings: settings, clock: clock)
        self.accountService = accountService
        self.box = box
        self.clock = clock
        self.redirectURI = publicURL.appending(path: "auth/oidc/callback").absoluteString
    }

    /// Notes a sign-in for the browser whose CSRF token is `browser` and answers the provider's
    /// address to send it to. To confirm it is them, the provider is asked to sign the person in
    /// again (`prompt=login`, `max_age=0`), not to pass on a sign-in it remembers.
    func begin(_ purpose: PendingSingleSignOn.Purpose, next: String?, browser: String, address: String) async throws -> URL {
        try await accountService.throttle.beginSingleSignOn(address: address)
        let endpoints = try await provider.discovery()
        let state = SecretToken.generate(), nonce = SecretToken.generate(), verifier = SecretToken.generate() + SecretToken.generate()
        try await credentials.beginSingleSignOn(stateHash: SecretToken.hash(state), browserHash: SecretToken.hash(browser),
                                                PendingSingleSignOn(nonce: nonce, codeVerifier: verifier, purpose: purpose, next: next))
        guard var components = URLComponents(string: endpoints.authorizationEndpoint) else {
            throw SingleSignOnError.providerUnreachable("its authorization endpoint is not an address")
        }
        components.queryItems = (components.queryItems ?? []) + [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: settings.clientId),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "scope", value: settings.scopes.joined(separator: " ")),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "nonce", value: nonce),
            URLQueryItem(name: "code_challenge", value: Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ] + (purpose == .confirm ? [URLQueryItem(name: "prompt", value: "login"), URLQueryItem(name: "max_age", value: "0")] : [])
        // `+` in a query is a space to many servers; a literal one must be escaped.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw SingleSignOnError.providerUnreachable("its authorization endpoint is not an address") }
        return url
    }

    /// The provider sent the person back with `code` for `state`.
    func finish(code: String, state: String, browser: String, address: String) async throws -> Outcome {
        try await accountService.throttle.beginSingleSignOn(address: address)
        guard let pending = try await credentials.takeSingleSignOn(stateHash: SecretToken.hash(state), browserHash: SecretToken.hash(browser))
        else { throw SingleSignOnError.unknownState }
        let token = try await provider.idToken(code: code, verifier: pending.codeVerifier, redirectURI: redirectURI)
        let claims = try await provider.verify(token, nonce: pending.nonce)
        guard let rawEmail = claims.email, let email = try? AccountRules.email(rawEmail) else { throw SingleSignOnError.noEmail }
        let identity = ProviderIdentity(issuer: claims.issuer, subject: claims.subject)
        if pending.purpose == .confirm {
            // The provider may pass on a sign-in it remembers although asked not to: only a fresh one confirms.
            guard let begun = pending.begunAt, let signedIn = claims.authTime, signedIn >= begun - IdentityProvider.clockSkew else {
                throw SingleSignOnError.notFresh
            }
            guard let userId = try await credentials.linkedUserId(identity) else { throw SingleSignOnError.notLinked }
            return .confirmed(userId: userId, next: pending.next)
        }
        if let user = try await accountService.linkedUser(identity, email: email) { return .signedIn(user, next: pending.next) }
        if let existing = try await accounts.credentials(email: email)?.user {
            guard claims.emailVerified else { throw SingleSignOnError.unverifiedEmail(email) }
            let ticket = try LinkTicket(identity: identity, email: email, browser: browser, expiresAt: clock.now + CredentialStore.singleSignOnLifetime)
                .sealed(with: box)
            return .needsLink(ticket: ticket, email: email, needsCode: try await accountService.twoStep.isOn(userId: existing.id), next: pending.next)
        }
        let groups = claims.groups(claim: settings.groupsClaim)
        guard accountService.registrationOpen || !settings.allowedGroups.isDisjoint(with: groups) else {
            throw SingleSignOnError.notAllowed(groups: groups)
        }
        // An account is never bound to an email its holder may not own.
        guard claims.emailVerified else { throw SingleSignOnError.unverifiedEmail(email) }
        guard let user = try await accountService.registerLinked(identity, email: email, name: claims.name ?? claims.preferredUsername,
                                                                 address: address)
        else { throw SingleSignOnError.emailTaken }
        return .signedIn(user, next: pending.next)
    }

}

/// An identity waiting to be linked to the account of its email, sealed into the linking form:
/// good for 10 minutes in the browser that began it.
struct LinkTicket {
    let identity: ProviderIdentity
    let email: String
    let browser: String
    let expiresAt: Date

    func sealed(with box: SecretBox) throws -> String {
        try box.sealToken(purpose: "sso-link", [identity.issuer, identity.subject, email].map { Base64URL.encode(Data($0.utf8)) }
            + [SecretToken.hash(browser), String(Int(expiresAt.timeIntervalSince1970))])
    }

    static func open(_ token: String, with box: SecretBox, browser: String, now: Date) throws(SingleSignOnError) -> LinkTicket {
        guard let parts = box.openToken(token, purpose: "sso-link"), parts.count == 5,
              let texts = Optional(parts[0..<3].compactMap { Base64URL.decode($0).flatMap { String(data: $0, encoding: .utf8) } }), texts.count == 3,
              parts[3] == SecretToken.hash(browser), let seconds = Int(parts[4]), now.timeIntervalSince1970 < TimeInterval(seconds)
        else { throw .linkExpired }
        return LinkTicket(identity: ProviderIdentity(issuer: texts[0], subject: texts[1]), email: texts[2], browser: browser,
                          expiresAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
