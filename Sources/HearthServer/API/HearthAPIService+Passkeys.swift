import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// Passkeys through the API: made, listed and removed by their owner; signing in exchanges one for a token.
extension HearthAPIService {
    func listPasskeys(_ input: Operations.ListPasskeys.Input) async throws -> Operations.ListPasskeys.Output {
        let passkeys = try await services.credentials.passkeys(userId: try APIRequest.requireUser().id)
        return .ok(.init(body: .json(.init(passkeys: passkeys.map(Components.Schemas.Passkey.init)))))
    }

    func passkeyRegistrationOptions(_ input: Operations.PasskeyRegistrationOptions.Input) async throws -> Operations.PasskeyRegistrationOptions.Output {
        let user = try Self.requireConfirmedBrowser()
        try await services.accountService.requireConfirmed(session: APIRequest.current.sessionHash)
        let options = try await services.passkeys.creationOptions(for: user)
        return .ok(.init(body: .json(.init(
            challenge: options.challenge, rp: .init(id: options.rpId, name: "Hearth"),
            user: .init(id: options.userHandle, name: options.userName, displayName: options.userDisplayName),
            pubKeyCredParams: COSEKey.algorithms.map { .init(_type: "public-key", alg: $0) }, timeout: PasskeyService.timeout,
            attestation: "none", authenticatorSelection: .init(residentKey: "required", requireResidentKey: true, userVerification: "required"),
            excludeCredentials: options.excludeCredentials.map { .init(_type: "public-key", id: $0) }
        ))))
    }

    func addPasskey(_ input: Operations.AddPasskey.Input) async throws -> Operations.AddPasskey.Output {
        let user = try Self.requireConfirmedBrowser()
        try await services.accountService.requireConfirmed(session: APIRequest.current.sessionHash)
        let body = switch input.body { case .json(let body): body }
        let answer = PasskeyService.Registration(credentialId: body.credential.id, clientDataJSON: body.credential.response.clientDataJSON,
                                                 attestationObject: body.credential.response.attestationObject)
        return .created(.init(body: .json(.init(try await services.passkeys.register(answer, name: body.name, for: user)))))
    }

    /// The signed-in user of a browser's session. A passkey is made in the browser it will sign in
    /// (an API token is for scripts, and made one it would outlive a password change and skip the code).
    private static func requireConfirmedBrowser() throws -> User {
        let user = try APIRequest.requireUser()
        guard APIRequest.current.sessionHash != nil else { throw PasskeyError.browserOnly }
        return user
    }

    func deletePasskey(_ input: Operations.DeletePasskey.Input) async throws -> Operations.DeletePasskey.Output {
        let user = try APIRequest.requireUser()
        guard let id = UUID(uuidString: input.path.id), try await services.credentials.deletePasskey(id: id, userId: user.id)
        else { throw PasskeyError.notFound }
        return .noContent
    }

    func passkeyConfirmOptions(_ input: Operations.PasskeyConfirmOptions.Input) async throws -> Operations.PasskeyConfirmOptions.Output {
        .ok(.init(body: .json(.init(try await services.passkeys.requestOptions(for: try APIRequest.requireUser())))))
    }

    func passkeySignInOptions(_ input: Operations.PasskeySignInOptions.Input) async throws -> Operations.PasskeySignInOptions.Output {
        try services.accountService.requirePasswordSignIn()
        try await services.accountService.throttle.beginPasskeySignIn(address: APIRequest.current.clientAddress)
        return .ok(.init(body: .json(.init(try await services.passkeys.requestOptions(for: nil)))))
    }

    func signInWithPasskey(_ input: Operations.SignInWithPasskey.Input) async throws -> Operations.SignInWithPasskey.Output {
        let body = switch input.body { case .json(let body): body }
        try services.accountService.requirePasswordSignIn()
        let user = try await services.passkeys.signIn(.init(body.credential))
        let created = try await services.accountService.createToken(for: user, name: body.name, origin: APIRequest.current.origin)
        return .created(.init(body: .json(.init(id: created.token.id.text, name: created.token.name, token: created.secret))))
    }
}

extension PasskeyService.Assertion {
    init(_ credential: Components.Schemas.PasskeyAssertion) {
        self.init(credentialId: credential.id, clientDataJSON: credential.response.clientDataJSON,
                  authenticatorData: credential.response.authenticatorData, signature: credential.response.signature,
                  userHandle: credential.response.userHandle)
    }
}

extension Components.Schemas.Passkey {
    init(_ passkey: Passkey) {
        self.init(id: passkey.id.text, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt)
    }
}

extension Components.Schemas.PasskeyRequestOptions {
    init(_ options: PasskeyService.RequestOptions) {
        self.init(challenge: options.challenge, rpId: options.rpId, timeout: PasskeyService.timeout, userVerification: "required",
                  allowCredentials: options.allowCredentials.map { .init(_type: "public-key", id: $0) })
    }
}
