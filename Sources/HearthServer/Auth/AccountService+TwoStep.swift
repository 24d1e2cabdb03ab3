import Foundation
import HearthCore

extension AccountService {
    /// Turns two-step sign-in off once the user proves it is them now: the password, or the app's
    /// code or a recovery code. Each try counts towards the sign-in limits; off already is fine.
    func turnOffTwoStep(for user: User, password: String?, code: String?, address: String) async throws {
        guard try await twoStep.isOn(userId: user.id) else { return }
        let delay = try await throttle.beginSignIn(email: user.email, address: address)
        if delay > .zero { try await Task.sleep(for: delay) }
        if let code, !code.allSatisfy(\.isWhitespace) {
            do {
                try await twoStep.verify(userId: user.id, code: code)
            } catch AccountError.wrongCode {
                throw AccountError.confirmationWrong
            }
        } else {
            guard let password, let stored = try await accounts.passwordHash(userId: user.id),
                  try await hasher.verify(password, hash: stored)
            else { throw AccountError.confirmationWrong }
        }
        try? await throttle.signInSucceeded(email: user.email, address: address)
        try await twoStep.disable(userId: user.id)
    }

    /// Whether two-step sign-in is on for `userId`, and how many recovery codes are left.
    func twoStepState(userId: UUID) async throws -> (enabled: Bool, recoveryCodesLeft: Int) {
        guard try await twoStep.isOn(userId: userId) else { return (false, 0) }
        return (true, try await credentials.unusedRecoveryCodes(userId: userId))
    }
}
