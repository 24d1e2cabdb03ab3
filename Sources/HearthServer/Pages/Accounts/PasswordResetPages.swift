import Foundation
import HearthCore
import Hummingbird

/// "Forgot your password?": ask for a link by mail, then choose a new password with it. Without
/// mail, the page says to ask the server's owner (`hearth user reset-password`).
struct PasswordResetPages {
    let services: AppServices

    struct RequestForm: Decodable {
        let email: String
    }

    struct NewPasswordForm: Decodable {
        let password: String
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/password/forgot", use: showRequest)
        router.post("/password/forgot", use: request)
        router.get("/password/reset/{secret}", use: showReset)
        router.post("/password/reset/{secret}", use: reset)
    }

    func showRequest(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try renderRequest(.init(email: "", sent: false, error: nil), context: context)
    }

    func request(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: RequestForm.self, context: context)
        do {
            try await services.passwordResets.request(email: form.email, address: context.clientAddress)
            return try renderRequest(.init(email: form.email, sent: true, error: nil), context: context)
        } catch let error as AccountError {
            return try renderRequest(.init(email: form.email, sent: false, error: error.message), context: context,
                                     status: ProblemDetails.status(of: error))
        }
    }

    func showReset(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let secret = try context.parameters.require("secret")
        let valid = try await services.passwordResets.isValid(secret: secret)
        return try renderReset(secret: secret, error: valid ? nil : AccountError.resetLinkInvalid.message, works: valid, context: context,
                               status: valid ? .ok : .notFound)
    }

    func reset(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let secret = try context.parameters.require("secret")
        let form = try await request.decode(as: NewPasswordForm.self, context: context)
        do {
            try await services.passwordResets.complete(secret: secret, newPassword: form.password)
            var response = Response.seeOther("/login", notice: .passwordReset)
            response.setCookie(AuthenticationMiddleware.expiredCookie(request: request, secure: services.configuration.secureCookies))
            return response
        } catch let error as AccountError {
            return try renderReset(secret: secret, error: error.message, works: error != .resetLinkInvalid, context: context,
                                   status: ProblemDetails.status(of: error))
        }
    }

    private func renderRequest(_ model: ForgotPasswordPage.Model, context: HearthRequestContext,
                               status: HTTPResponse.Status = .ok) throws -> Response {
        let page = ForgotPasswordPage(layout: services.layout("Forgot your password?", nil, context), model: model,
                                      mailAvailable: services.passwordResets.isAvailable)
        return try services.renderer.render("password-forgot", page, status: status)
    }

    private func renderReset(secret: String, error: String?, works: Bool, context: HearthRequestContext,
                             status: HTTPResponse.Status) throws -> Response {
        let page = ResetPasswordPage(layout: services.layout("Choose a new password", nil, context), secret: secret, works: works,
                                     error: error, minimumPasswordLength: AccountRules.minimumPasswordLength)
        return try services.renderer.render("password-reset", page, status: status)
    }
}

/// Asking for a reset link.
struct ForgotPasswordPage: Sendable {
    struct Model: Sendable {
        let email: String
        /// Asked: the same words whether the address has an account or not.
        let sent: Bool
        let error: String?
    }

    let layout: Layout
    let model: Model
    let mailAvailable: Bool
}

/// Choosing a new password with a link.
struct ResetPasswordPage: Sendable {
    let layout: Layout
    let secret: String
    /// The link still works (else only the error and a way to ask again).
    let works: Bool
    let error: String?
    let minimumPasswordLength: Int
}
