import Foundation
import HearthCore
import HearthStore
import Hummingbird
import Logging

/// Signing in through the household's identity provider: the sign-in page's button starts here,
/// the provider sends the person back to the callback, and a person whose email an account has
/// links it once with its password. Every failure ends on a page that says what happened and what
/// to do, and is logged without tokens.
struct SingleSignOnPages {
    let services: AppServices
    /// Set on a sign-in through the provider, so that signing out of Hearth signs out there too.
    static let providerCookieName = "hearth_sso"

    struct LinkForm: Decodable {
        let ticket: String
        let password: String
        let code: String?
        let next: String?
        let time_zone: String?
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/auth/oidc/start", use: start)
        router.get("/auth/oidc/callback", use: callback)
        router.post("/auth/oidc/link", use: link)
    }

    func start(_ request: Request, context: HearthRequestContext) async throws -> Response {
        guard let singleSignOn = services.singleSignOn else { return try failure(.notConfigured, context: context) }
        let next = request.uri.queryParameters["next"].map(String.init)
        let purpose: PendingSingleSignOn.Purpose = request.uri.queryParameters["purpose"] == "confirm" ? .confirm : .signIn
        if purpose == .confirm { _ = try context.requireUser() }
        do {
            let address = try await singleSignOn.begin(purpose, next: next, browser: context.csrfToken, address: context.clientAddress)
            var response = Response.redirect(to: address.absoluteString, type: .found)
            // The return is matched to this browser by its CSRF cookie: a first visit has none yet.
            if request.cookies[CSRFMiddleware.cookieName]?.value.isEmpty ?? true {
                response.setCookie(CSRFMiddleware.cookie(context.csrfToken, request: request, secure: services.configuration.secureCookies))
            }
            return response
        } catch let error as SingleSignOnError {
            return try failure(error, context: context)
        }
    }

    func callback(_ request: Request, context: HearthRequestContext) async throws -> Response {
        guard let singleSignOn = services.singleSignOn else { return try failure(.notConfigured, context: context) }
        let query = request.uri.queryParameters
        if let error = query["error"] {
            return try failure(.providerRefused(IdentityProvider.errorCode(String(error))), context: context)
        }
        guard let code = query["code"].map(String.init), let state = query["state"].map(String.init) else {
            return try failure(.unknownState, context: context)
        }
        do {
            switch try await singleSignOn.finish(code: code, state: state, browser: context.csrfToken, address: context.clientAddress) {
            case .signedIn(let user, let next):
                services.logger.info("Signed in through the identity provider", metadata: ["user": "\(user.id)"])
                return try await AccountPages(services: services)
                    .startSession(for: user, timeZone: nil, next: next, request: request, context: context, throughProvider: true)
            case .confirmed(let userId, let next):
                guard let user = context.user, user.id == userId else { throw SingleSignOnError.notLinked }
                try await services.accountService.markConfirmed(session: context.sessionHash)
                return .seeOther(AccountPages.safeNextPath(next), notice: .confirmed)
            case .needsLink(let ticket, let email, let needsCode, let next):
                return try Self.renderLink(LinkPage.Model(ticket: ticket, email: email, needsCode: needsCode, next: next, error: nil),
                                           services: services, context: context)
            }
        } catch let error as SingleSignOnError {
            return try failure(error, context: context)
        }
    }

    /// Links an identity (the provider's, or a signing-in proxy's) to the account of its email.
    func link(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: LinkForm.self, context: context)
        do {
            let (user, identity) = try await services.accountService.link(ticket: form.ticket, password: form.password, code: form.code,
                                                                          browser: context.csrfToken, address: context.clientAddress)
            services.logger.info("Linked an account to an identity", metadata: ["user": "\(user.id)"])
            return try await AccountPages(services: services).startSession(for: user, timeZone: form.time_zone, next: form.next,
                                                                            request: request, context: context,
                                                                            throughProvider: identity.issuer != ForwardAuthMiddleware.issuer)
        } catch let error as SingleSignOnError {
            return try failure(error, context: context)
        } catch let error as AccountError {
            let ticket = try? LinkTicket.open(form.ticket, with: services.secrets, browser: context.csrfToken, now: services.clock.now)
            let model = LinkPage.Model(ticket: form.ticket, email: ticket?.email ?? "", needsCode: form.code != nil || error == .codeNeeded,
                                       next: form.next, error: error.message)
            return try Self.renderLink(model, services: services, context: context, status: ProblemDetails.status(of: error))
        }
    }

    /// Where signing out of Hearth goes on to for a session begun at the provider: its end-session
    /// endpoint, which sends the person back to the sign-in page. Nil when it has none.
    static func providerSignOut(_ request: Request, services: AppServices) async -> URL? {
        guard request.cookies[providerCookieName] != nil, let singleSignOn = services.singleSignOn, let publicURL = services.configuration.publicURL,
              let endpoint = try? await singleSignOn.provider.discovery().endSessionEndpoint, var components = URLComponents(string: endpoint)
        else { return nil }
        components.queryItems = (components.queryItems ?? []) + [
            URLQueryItem(name: "client_id", value: singleSignOn.settings.clientId),
            URLQueryItem(name: "post_logout_redirect_uri", value: publicURL.appending(path: "login").absoluteString),
        ]
        return components.url
    }

    static func providerCookie(request: Request, secure: Bool) -> Cookie {
        Cookie(name: providerCookieName, value: "1", maxAge: Int(CredentialStore.sessionIdleLimit), path: "/",
               secure: secure || request.isHTTPS, httpOnly: true, sameSite: .lax)
    }

    static func expiredProviderCookie(request: Request, secure: Bool) -> Cookie {
        Cookie(name: providerCookieName, value: "", maxAge: 0, path: "/", secure: secure || request.isHTTPS, httpOnly: true, sameSite: .lax)
    }

    /// The form that links an identity to the account of its email (from the provider's answer, or
    /// from a signing-in proxy's first visit).
    static func renderLink(_ model: LinkPage.Model, services: AppServices, context: HearthRequestContext,
                           status: HTTPResponse.Status = .ok) throws -> Response {
        let via = services.configuration.openID.map { "“\($0.buttonLabel)”" } ?? "the proxy you signed in at"
        let page = LinkPage(layout: services.layout("Link your account", nil, context), model: model, via: via)
        return try services.renderer.render("sso-link", page, status: status)
    }

    private func failure(_ error: SingleSignOnError, context: HearthRequestContext) throws -> Response {
        var metadata: Logger.Metadata = ["address": "\(context.clientAddress)"]
        if let detail = error.logDetail { metadata["detail"] = "\(detail)" }
        services.logger.notice("Single sign-on failed: \(error.logName)", metadata: metadata)
        let page = FailurePage(layout: services.layout(error.title, nil, context), title: error.title, message: error.message,
                               reason: error.logName.replacingOccurrences(of: " ", with: "-"))
        return try services.renderer.render("sso-failed", page, status: Self.status(of: error))
    }

    static func status(of error: SingleSignOnError) -> HTTPResponse.Status {
        switch error {
        case .notConfigured: .notFound
        case .providerUnreachable: .badGateway
        case .notAllowed, .unverifiedEmail, .emailTaken, .notLinked, .notFresh: .forbidden
        case .linkedElsewhere: .conflict
        case .providerRefused, .unknownState, .codeRefused, .badToken, .noEmail, .linkExpired: .badRequest
        }
    }
}

/// The form that links an identity new to Hearth to the account that has its email.
struct LinkPage: Sendable {
    struct Model: Sendable {
        let ticket: String
        let email: String
        let needsCode: Bool
        let next: String?
        let error: String?
    }
    let layout: Layout
    let model: Model
    /// What signs in to the account once it is linked: “Sign in with …”, or the proxy.
    let via: String
}

/// A sign-in through the provider that did not sign anyone in.
struct FailurePage: Sendable {
    let layout: Layout
    let title: String
    let message: String
    /// The failure's name, for the tests: `unknown-state`, `bad-ID-token`, `not-allowed`, …
    let reason: String
}
