import Foundation
import HearthAPI
import HearthCore

/// Confirming it is you before what cannot be undone (see ``AccountService/confirmationWindow``).
extension HearthAPIService {
    func getConfirmation(_ input: Operations.GetConfirmation.Input) async throws -> Operations.GetConfirmation.Output {
        _ = try APIRequest.requireUser()
        return .ok(.init(body: .json(try await confirmation())))
    }

    func confirmIdentity(_ input: Operations.ConfirmIdentity.Input) async throws -> Operations.ConfirmIdentity.Output {
        let body = switch input.body { case .json(let body): body }
        try await prove(body, of: try APIRequest.requireUser())
        try await services.accountService.markConfirmed(session: APIRequest.current.sessionHash)
        return .ok(.init(body: .json(try await confirmation())))
    }

    /// Proves it is `user` with what `proof` carries: a passkey's answer, else the password or a
    /// two-step code (each try counted like a sign-in).
    func prove(_ proof: Components.Schemas.IdentityProof, of user: User) async throws {
        try Self.check(proof)
        if let passkey = proof.passkey { return try await services.passkeys.confirm(.init(passkey), for: user) }
        try await services.accountService.proveIdentity(of: user, password: proof.password, code: proof.code,
                                                        address: APIRequest.current.clientAddress)
    }

    /// Refuses a proof that carries nothing, or a field longer than the document allows (400).
    static func check(_ proof: Components.Schemas.IdentityProof) throws {
        guard proof.password != nil || proof.code != nil || proof.passkey != nil else {
            throw HTTPErrorMessage.badRequest("Confirm with “password”, “code” or “passkey”.")
        }
        try limit(proof.code, field: "code", to: 64)
        if let passkey = proof.passkey {
            try limit(passkey.id, field: "passkey.id", to: 1400)
            try limit(passkey.response.clientDataJSON, field: "passkey.response.clientDataJSON", to: 4096)
            try limit(passkey.response.authenticatorData, field: "passkey.response.authenticatorData", to: 4096)
            try limit(passkey.response.signature, field: "passkey.response.signature", to: 2048)
            try limit(passkey.response.userHandle, field: "passkey.response.userHandle", to: 256)
        }
    }

    /// The caller's confirmation as the API shows it.
    private func confirmation() async throws -> Components.Schemas.Confirmation {
        let left = try await services.accountService.confirmationLeft(session: APIRequest.current.sessionHash)
        return .init(confirmed: left > 0, expiresAt: left > 0 && left.isFinite ? services.clock.now.addingTimeInterval(left) : nil)
    }
}
