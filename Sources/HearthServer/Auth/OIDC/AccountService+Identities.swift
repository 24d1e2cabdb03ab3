import Foundation
import HearthCore
import HearthStore

/// Accounts of people an identity provider or a signing-in proxy vouches for.
extension AccountService {
    /// The account linked to `identity`, noting the use and the email it has there now.
    func linkedUser(_ identity: ProviderIdentity, email: String) async throws -> User? {
        guard let userId = try await credentials.linkedUser(identity, email: email) else { return nil }
        return try await accounts.user(id: userId)
    }

    /// A new account for a new person, linked to `identity` in the same transaction and named as
    /// the provider names them, with a password nobody knows (a reset link gives them one). Nil when
    /// the email is taken by an account not linked to `identity`; when the same person arrived twice
    /// at once (two tabs, two servers), the account the other arrival made.
    func registerLinked(_ identity: ProviderIdentity, email: String, name: String?, address: String) async throws -> User? {
        let name = (try? AccountRules.name(name ?? "")) ?? (try? AccountRules.name(String(email.prefix(while: { $0 != "@" })))) ?? "Hearth user"
        try await throttle.beginRegistration(address: address)
        do {
            return try await accounts.register(name: name, email: email, passwordHash: try await hasher.hash(SecretToken.generate()),
                                               linking: identity)
        } catch AccountError.emailTaken {
            guard let userId = try await credentials.linkedUserId(identity) else { return nil }
            return try await accounts.user(id: userId)
        }
    }

    /// Links the ticket's identity to the account of its email once its password (and, with
    /// two-step sign-in on, a code) is right. Answers the account and the identity.
    func link(ticket: String, password: String, code: String?, browser: String, address: String) async throws -> (User, ProviderIdentity) {
        let pending = try LinkTicket.open(ticket, with: twoStep.box, browser: browser, now: twoStep.clock.now)
        let user = try await authenticate(email: pending.email, password: password, code: code, address: address)
        try await credentials.link(pending.identity, email: pending.email, to: user.id)
        guard try await credentials.linkedUserId(pending.identity) == user.id else { throw SingleSignOnError.linkedElsewhere }
        return (user, pending.identity)
    }
}
