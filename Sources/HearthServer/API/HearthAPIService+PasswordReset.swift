import Foundation
import HearthAPI
import HearthCore

/// Password reset by mail (see ``PasswordResets``).
extension HearthAPIService {
    func requestPasswordReset(_ input: Operations.RequestPasswordReset.Input) async throws -> Operations.RequestPasswordReset.Output {
        let body = switch input.body { case .json(let body): body }
        try Self.limit(body.email, field: "email", to: 320)
        try await services.passwordResets.request(email: body.email, address: APIRequest.current.clientAddress)
        return .accepted
    }

    func completePasswordReset(_ input: Operations.CompletePasswordReset.Input) async throws -> Operations.CompletePasswordReset.Output {
        let body = switch input.body { case .json(let body): body }
        try Self.limit(body.token, field: "token", to: 200)
        try await services.passwordResets.complete(secret: body.token, newPassword: body.password)
        return .noContent
    }
}
