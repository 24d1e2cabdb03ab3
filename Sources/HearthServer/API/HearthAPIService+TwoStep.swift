import Foundation
import HearthAPI
import HearthCore

/// Two-step sign-in with an authenticator app: its state, setting it up, turning it on and off.
extension HearthAPIService {
    func getTwoStep(_ input: Operations.GetTwoStep.Input) async throws -> Operations.GetTwoStep.Output {
        let state = try await services.accountService.twoStepState(userId: try APIRequest.requireUser().id)
        return .ok(.init(body: .json(.init(enabled: state.enabled, recoveryCodesLeft: state.recoveryCodesLeft))))
    }

    func setUpTwoStep(_ input: Operations.SetUpTwoStep.Input) async throws -> Operations.SetUpTwoStep.Output {
        let setup = try await services.accountService.twoStep.begin(for: try APIRequest.requireUser())
        return .ok(.init(body: .json(.init(secret: setup.secret, otpauthUrl: setup.provisioningURL))))
    }

    func enableTwoStep(_ input: Operations.EnableTwoStep.Input) async throws -> Operations.EnableTwoStep.Output {
        let body = switch input.body { case .json(let body): body }
        try Self.limit(body.code, field: "code", to: 64)
        let codes = try await services.accountService.turnOnTwoStep(for: try APIRequest.requireUser(), password: body.password, code: body.code,
                                                                    address: APIRequest.current.clientAddress)
        return .ok(.init(body: .json(.init(recoveryCodes: codes))))
    }

    func disableTwoStep(_ input: Operations.DisableTwoStep.Input) async throws -> Operations.DisableTwoStep.Output {
        let body = switch input.body { case .json(let body): body }
        let user = try APIRequest.requireUser()
        try Self.check(body)
        guard try await services.accountService.twoStep.isOn(userId: user.id) else { return .noContent } // off already is fine
        try await prove(body, of: user)
        try await services.accountService.twoStep.disable(userId: user.id)
        return .noContent
    }
}
