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

    /// A new account for a new person, linked to `identity` and named as the provider names them,
    /// with a password nobody knows (a reset link gives them one). Nil when the email is taken by
    /// an account not linked to `identity`; when the same person arrived twice at once, the account
    /// the other arrival made.
    func registerLinked(_ identity: ProviderIdentity, email: String, name: String?, address: String) async throws -> User? {
        let name = (try? AccountRules.name(name ?? "")) ?? (try? AccountRules.name(String(email.prefix(while: { $0 != "@" })))) ?? "Hearth user"
        try await throttle.beginRegistration(address: address)
        do {
            let user = try await accounts.register(name: name, email: email, passwordHash: try await hasher.hash(SecretToken.generate()))
            try await credentials.link(identity, email: email, to: user.id)
            return user
        } catch AccountError.emailTaken {
            return try await linkedUser(identity, email: email)
        }
    }
}
