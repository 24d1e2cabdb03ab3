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

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/") { _, context in
            Response.redirect(to: context.user == nil ? "/login" : "/focus")
        }
        router.get("/login", use: showSignIn)
        router.post("/login", use: signIn)
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
            let signedIn = try await services.accountService.authenticate(email: form.email, password: form.password, address: context.clientAddress)
            let user = try await services.accountService.adoptDeviceTimeZone(signedIn, device: form.time_zone)
            let secret = try await services.accountService.startSession(for: user)
            var response = Response.seeOther(Self.safeNextPath(form.next))
            response.setCookie(AuthenticationMiddleware.cookie(secret, request: request, secure: services.configuration.secureCookies))
            return response
        } catch let error as AccountError {
            let model = SignInPage.Model(email: form.email, next: form.next, error: error.message)
            return try await render(model, context: context, status: ProblemDetails.status(of: error))
        }
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
            let secret = try await services.accountService.startSession(for: user)
            var response = Response.seeOther(Self.safeNextPath(form.next))
            response.setCookie(AuthenticationMiddleware.cookie(secret, request: request, secure: services.configuration.secureCookies))
            return response
        } catch let error as AccountError {
            let model = RegisterPage.Model(name: form.name, email: form.email, next: form.next, error: error.message)
            return try await renderRegister(model, context: context, status: ProblemDetails.status(of: error))
        }
    }

    func signOut(_ request: Request, context: HearthRequestContext) async throws -> Response {
        if let hash = context.sessionHash {
            try await services.credentials.deleteSession(tokenHash: hash)
        }
        var response = Response.seeOther("/login", notice: .signedOut)
        response.setCookie(AuthenticationMiddleware.expiredCookie(request: request, secure: services.configuration.secureCookies))
        return response
    }

    private func render(
        _ model: SignInPage.Model, context: HearthRequestContext, notice: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let page = SignInPage(layout: services.layout("Sign in", nil, context, notice: notice), model: model,
                              registrationOpen: services.configuration.registrationOpen,
                              invitation: try await Invitation.find(next: model.next, services: services))
        return try services.renderer.render("login", page, status: status)
    }

    private func renderRegister(
        _ model: RegisterPage.Model, context: HearthRequestContext, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let page = RegisterPage(layout: services.layout("Create account", nil, context), model: model,
                                registrationOpen: services.configuration.registrationOpen,
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
