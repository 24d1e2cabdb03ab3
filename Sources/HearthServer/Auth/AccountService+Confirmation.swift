import Foundation
import HearthCore

/// Confirming it is you again before what cannot be undone (downloading a backup, restoring with
/// replace, creating an API token): a session may do it within 10 minutes of signing in or of
/// confirming with the password or a code.
///
/// API tokens are not asked: a token is made with the password (and the code, with two-step sign-in
/// on) for a script that runs with no one there to ask, such as a nightly `hearth backup`.
extension AccountService {
    /// How long signing in or confirming lets a session do what cannot be undone.
    static let confirmationWindow: TimeInterval = 10 * 60

    /// Proves it is `user` now: the password, or (with two-step sign-in on) the app's code or a
    /// recovery code. Each try counts towards the limits; ``AccountError/confirmationWrong`` if it is not right.
    func proveIdentity(of user: User, password: String?, code: String?, address: String) async throws {
        if let code, !code.allSatisfy(\.isWhitespace), try await twoStep.isOn(userId: user.id) {
            do {
                try await checkCode(code, for: user)
            } catch AccountError.wrongCode {
                throw AccountError.confirmationWrong
            }
        } else {
            do {
                _ = try await checkPassword(email: user.email, password: password ?? "", address: address)
            } catch AccountError.wrongCredentials {
                throw AccountError.confirmationWrong
            }
        }
    }

    /// Proves it is `user` and lets the page session `sessionHash` do what cannot be undone for
    /// the next 10 minutes (with an API token, nil, there is nothing to note).
    func confirm(session sessionHash: String?, of user: User, password: String?, code: String?, address: String) async throws {
        try await proveIdentity(of: user, password: password, code: code, address: address)
        try await markConfirmed(session: sessionHash)
    }

    /// Notes that the person at the page session `sessionHash` just proved it is them (a password,
    /// a code or a passkey): what cannot be undone may follow for 10 minutes, and the inventory's
    /// lock is open.
    func markConfirmed(session sessionHash: String?) async throws {
        guard let sessionHash else { return }
        try await credentials.confirmSession(tokenHash: sessionHash)
        try await credentials.useInventory(tokenHash: sessionHash)
    }

    /// How long the page session `sessionHash` may still do what cannot be undone (zero: it must
    /// confirm first). A caller with an API token (nil) always may.
    func confirmationLeft(session sessionHash: String?) async throws -> TimeInterval {
        guard let sessionHash else { return .infinity }
        guard let age = try await credentials.confirmationAge(tokenHash: sessionHash), age >= 0 else { return 0 }
        return max(0, Self.confirmationWindow - age)
    }

    /// Throws ``AccountError/confirmationNeeded`` unless the caller may do what cannot be undone now.
    func requireConfirmed(session sessionHash: String?) async throws {
        guard try await confirmationLeft(session: sessionHash) > 0 else { throw AccountError.confirmationNeeded }
    }
}
