import Foundation
import HearthCore

extension AccountService {
    /// Turns two-step sign-in on with the app's first code, once the password proves it is the
    /// user (not someone at an unattended browser); answers the recovery codes.
    func turnOnTwoStep(for user: User, password: String, code: String, address: String) async throws -> [String] {
        try await proveIdentity(of: user, password: password, code: nil, address: address)
        return try await twoStep.confirm(for: user, code: code)
    }

    /// Turns two-step sign-in off once the user proves it is them now: the password, or the app's
    /// code or a recovery code. Each try counts towards the limits; off already is fine.
    func turnOffTwoStep(for user: User, password: String?, code: String?, address: String) async throws {
        guard try await twoStep.isOn(userId: user.id) else { return }
        try await proveIdentity(of: user, password: password, code: code, address: address)
        try await twoStep.disable(userId: user.id)
    }

    /// Whether two-step sign-in is on for `userId`, and how many recovery codes are left.
    func twoStepState(userId: UUID) async throws -> (enabled: Bool, recoveryCodesLeft: Int) {
        guard try await twoStep.isOn(userId: userId) else { return (false, 0) }
        return (true, try await credentials.unusedRecoveryCodes(userId: userId))
    }
}
