import Foundation
import HearthCore
import Hummingbird

/// Sign-in, registration and sign-out.
struct AccountPages {
    let services: AppServices

    struct SignInForm: Decodable {
        let email: String
        let password: String
        let next: String?
        /// The browser's IANA time zone, filled in by `time-zone.js`.
        let time_zone: String?
    }

    /// The second step: the first step's sealed ticket and the app's code (or a recovery code).
    struct CodeForm: Decodable {
        let ticket: String
        let code: String
        let next: String?
        let time_zone: String?
    }

    struct RegisterForm: Decodable {
        let name: String
        let email: String
        let password: String
        let next: String?
        let time_zone: String?
    }

    /// Where to go after signing in: only a plain path on this site (no `//host`, no backslashes
    /// or control characters that browsers would strip into one), else the Focus page.
    static func safeNextPath(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"),
              next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" }),
              let components = URLComponents(string: next), components.scheme == nil, components.host == nil
        else { return "/focus" }
        return next
    }

    /// `path` that goes on to `next` afterwards (`/login?next=/auth/device?code%3D…`): `next` is
    /// escaped where it would end its query parameter.
    static func path(_ path: String, next: String) -> String {
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&+="))
        return path + "?next=" + (next.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/")
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/") { _, context in
            Response.redirect(to: context.user == nil ? "/login" : "/focus")
        }
        router.get("/login", use: showSignIn)
        router.post("/login", use: signIn)
        router.post("/login/code", use: signInWithCode)
        router.post("/login/passkey", use: signInWithPasskey)
        router.get("/register", use: showRegister)
        router.post("/register", use: register)
        router.post("/logout", use: signOut)
    }

    func showSignIn(_ request: Request, context: HearthRequestContext) async throws -> Response {
        if context.user != nil { return .redirect(to: "/focus") }
        let next = request.uri.queryParameters["next"].map(String.init)
        return try await render(SignInPage.Model(email: "", next: next, error: nil), context: context, notice: Notice.from(request))
    }

    func signIn(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: SignInForm.self, context: context)
        do {
            switch try await services.accountService.beginSignIn(email: form.email, password: form.password, address: context.clientAddress,
                                                                  browser: context.csrfToken) {
            case .signedIn(let user):
                return try await startSession(for: user, timeZone: form.time_zone, next: form.next, request: request, context: context)
            case .needsCode(let ticket):
                return try renderCodeStep(.init(ticket: ticket, next: form.next, timeZone: form.time_zone ?? "", error: nil), context: context)
            }
        } catch let error as AccountError {
            let model = SignInPage.Model(email: form.email, next: form.next, error: error.message)
            return try await render(model, context: context, status: ProblemDetails.status(of: error))
        }
    }

    func signInWithCode(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: CodeForm.self, context: context)
        do {
            let user = try await services.accountService.finishSignIn(ticket: form.ticket, code: form.code, browser: context.csrfToken)
            return try await startSession(for: user, timeZone: form.time_zone, next: form.next, request: request, context: context)
        } catch AccountError.signInExpired {
            let model = SignInPage.Model(email: "", next: form.next, error: AccountError.signInExpired.message)
            return try await render(model, context: context, status: .unauthorized)
        } catch let error as AccountError {
            let model = CodeStepPage.Model(ticket: form.ticket, next: form.next, timeZone: form.time_zone ?? "", error: error.message)
            return try renderCodeStep(model, context: context, status: ProblemDetails.status(of: error))
        }
    }

    /// Signs `signedIn` in with a session cookie (taking the device's time zone while the account has
    /// none) and goes on to `next`. A sign-in `throughProvider` is marked so that signing out goes on
    /// to sign out at the provider; any other clears that mark.
    func startSession(for signedIn: User, timeZone: String?, next: String?, request: Request,
                      context: HearthRequestContext, throughProvider: Bool = false) async throws -> Response {
        let user = try await services.accountService.adoptDeviceTimeZone(signedIn, device: timeZone)
        let secret = try await services.accountService.startSession(for: user, origin: context.origin(of: request))
        var response = Response.seeOther(Self.safeNextPath(next))
        let secure = services.configuration.secureCookies
        response.setCookie(AuthenticationMiddleware.cookie(secret, request: request, secure: secure))
        if throughProvider {
            response.setCookie(SingleSignOnPages.providerCookie(request: request, secure: secure))
        } else if request.cookies[SingleSignOnPages.providerCookieName] != nil {
            response.setCookie(SingleSignOnPages.expiredProviderCookie(request: request, secure: secure))
        }
        return response
    }

    private func renderCodeStep(_ model: CodeStepPage.Model, context: HearthRequestContext, status: HTTPResponse.Status = .ok) throws -> Response {
        let page = CodeStepPage(layout: services.layout("Two-step sign-in", nil, context), model: model)
        return try services.renderer.render("login-code", page, status: status)
    }

    func showRegister(_ request: Request, context: HearthRequestContext) async throws -> Response {
        if context.user != nil { return .redirect(to: "/focus") }
        let next = request.uri.queryParameters["next"].map(String.init)
        return try await renderRegister(RegisterPage.Model(name: "", email: "", next: next, error: nil), context: context)
    }

    func register(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: RegisterForm.self, context: context)
        do {
            let user = try await services.accountService.register(
                name: form.name, email: form.email, password: form.password,
                timeZone: AccountRules.deviceTimeZone(form.time_zone).flatMap { AccountRules.isUniversal($0) ? nil : $0 },
                address: context.clientAddress
            )
            // A new household starts with the welcome; joining one goes on to its invite.
            return try await startSession(for: user, timeZone: nil, next: form.next?.nilIfEmpty ?? "/welcome", request: request, context: context)
        } catch let error as AccountError {
            let model = RegisterPage.Model(name: form.name, email: form.email, next: form.next, error: error.message)
            return try await renderRegister(model, context: context, status: ProblemDetails.status(of: error))
        }
    }

    func signOut(_ request: Request, context: HearthRequestContext) async throws -> Response {
        if let hash = context.sessionHash {
            try await services.credentials.deleteSession(tokenHash: hash)
        }
        // Signed in at the provider: sign out there too, which sends the person back to the sign-in page.
        let provider = await SingleSignOnPages.providerSignOut(request, services: services)
        var response = provider.map { Response.redirect(to: $0.absoluteString, type: .normal) } ?? Response.seeOther("/login", notice: .signedOut)
        response.setCookie(AuthenticationMiddleware.expiredCookie(request: request, secure: services.configuration.secureCookies))
        if request.cookies[SingleSignOnPages.providerCookieName] != nil {
            response.setCookie(SingleSignOnPages.expiredProviderCookie(request: request, secure: services.configuration.secureCookies))
        }
        return response
    }

    func render(
        _ model: SignInPage.Model, context: HearthRequestContext, notice: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let page = SignInPage(layout: services.layout("Sign in", nil, context, notice: notice), model: model,
                              registrationOpen: services.configuration.registrationOpen && services.configuration.passwordSignIn,
                              invitation: try await Invitation.find(next: model.next, services: services),
                              singleSignOn: SingleSignOnButton(services.configuration.openID, next: model.next),
                              passwordSignIn: services.configuration.passwordSignIn)
        return try services.renderer.render("login", page, status: status)
    }

    private func renderRegister(
        _ model: RegisterPage.Model, context: HearthRequestContext, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let page = RegisterPage(layout: services.layout("Create account", nil, context), model: model,
                                registrationOpen: services.configuration.registrationOpen && services.configuration.passwordSignIn,
                                minimumPasswordLength: AccountRules.minimumPasswordLength,
                                invitation: try await Invitation.find(next: model.next, services: services))
        return try services.renderer.render("register", page, status: status)
    }
}

/// The sign-in page.
struct SignInPage: Sendable {
    struct Model: Sendable {
        let email: String
        let next: String?
        let error: String?
    }
    let layout: Layout
    let model: Model
    let registrationOpen: Bool
    /// The household whose invite link led here.
    let invitation: Invitation?
    /// "Sign in with …", when an identity provider is configured.
    let singleSignOn: SingleSignOnButton?
    /// Whether the email and password form (and passkeys) are offered: not with `HEARTH_OIDC_ONLY`.
    let passwordSignIn: Bool
}

/// The button that signs in through the identity provider, back to `next` afterwards.
struct SingleSignOnButton: Sendable {
    let label: String
    let href: String

    /// To sign in, labelled as configured; to confirm it is you, "Confirm with …" the provider.
    init?(_ settings: OpenIDSettings?, next: String?, confirming: Bool = false) {
        guard let settings else { return nil }
        label = confirming ? "Confirm with " + settings.buttonLabel.replacingOccurrences(of: "Sign in with ", with: "") : settings.buttonLabel
        let start = next.map { AccountPages.path("/auth/oidc/start", next: $0) } ?? "/auth/oidc/start"
        href = confirming ? start + (next == nil ? "?" : "&") + "purpose=confirm" : start
    }
}

/// The second step of a sign-in, for an account with two-step sign-in on.
struct CodeStepPage: Sendable {
    struct Model: Sendable {
        let ticket: String
        let next: String?
        let timeZone: String
        let error: String?
    }
    let layout: Layout
    let model: Model
}

/// The registration page.
struct RegisterPage: Sendable {
    struct Model: Sendable {
        let name: String
        let email: String
        let next: String?
        let error: String?
    }
    let layout: Layout
    let model: Model
    let registrationOpen: Bool
    let minimumPasswordLength: Int
    let invitation: Invitation?
}
