import Foundation
import HearthCore
import Hummingbird

/// Signing in with a passkey on the sign-in page: the page's script asks the browser (a button, or
/// the autofill of the email field) and posts the passkey's answer here as a form.
extension AccountPages {
    struct PasskeyForm: Decodable {
        let passkey_id: String
        let client_data: String
        let authenticator_data: String
        let signature: String
        let user_handle: String?
        let next: String?
        let time_zone: String?
    }

    func signInWithPasskey(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: PasskeyForm.self, context: context)
        let answer = PasskeyService.Assertion(credentialId: form.passkey_id, clientDataJSON: form.client_data,
                                              authenticatorData: form.authenticator_data, signature: form.signature,
                                              userHandle: form.user_handle.flatMap { $0.isEmpty ? nil : $0 })
        do {
            try services.accountService.requirePasswordSignIn()
            let user = try await services.passkeys.signIn(answer)
            return try await startSession(for: user, timeZone: form.time_zone, next: form.next, request: request, context: context)
        } catch let error as PasskeyError {
            return try await render(SignInPage.Model(email: "", next: form.next, error: error.message), context: context, status: .unauthorized)
        } catch let error as AccountError {
            return try await render(SignInPage.Model(email: "", next: form.next, error: error.message), context: context,
                                    status: ProblemDetails.status(of: error))
        }
    }
}
