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
        try Self.limit(body.code, field: "code", to: 64)
        let user = try APIRequest.requireUser()
        if let passkey = body.passkey {
            try await services.passkeys.confirm(.init(passkey), for: user)
            try await services.accountService.markConfirmed(session: APIRequest.current.sessionHash)
        } else {
            guard body.password != nil || body.code != nil else {
                throw HTTPErrorMessage.badRequest("Confirm with “password”, “code” or “passkey”.")
            }
            try await services.accountService.confirm(session: APIRequest.current.sessionHash, of: user,
                                                      password: body.password, code: body.code, address: APIRequest.current.clientAddress)
        }
        return .ok(.init(body: .json(try await confirmation())))
    }

    /// The caller's confirmation as the API shows it.
    private func confirmation() async throws -> Components.Schemas.Confirmation {
        let left = try await services.accountService.confirmationLeft(session: APIRequest.current.sessionHash)
        return .init(confirmed: left > 0, expiresAt: left > 0 && left.isFinite ? services.clock.now.addingTimeInterval(left) : nil)
    }
}
