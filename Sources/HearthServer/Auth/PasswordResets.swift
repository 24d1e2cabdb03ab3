import Foundation
import HearthCore
import HearthStore
import Logging

/// Password reset for people who forget: with mail set up (``MailSettings``), a link that works once
/// for 30 minutes goes to the account's address. The answer is the same whether the address has an
/// account or not, and as quick: the account is looked up and the mail sent after the answer.
/// A new password signs out every browser; two-step sign-in stays on (a mailbox alone never signs in
/// where it was on).
struct PasswordResets: Sendable {
    let accounts: AccountStore
    let credentials: CredentialStore
    let hasher: PasswordHasher
    let throttle: AttemptThrottle
    let mail: MailSettings?
    let publicURL: URL?
    let clock: any WallClock
    let logger: Logger

    /// Whether this server can mail reset links.
    var isAvailable: Bool { mail != nil && publicURL != nil }

    /// Asks for a reset link for `email` from `address`. Throws when this server sends no mail or
    /// the address asked too often; says nothing about whether the account exists.
    func request(email: String, address: String) async throws {
        guard let mail, let publicURL else { throw AccountError.mailUnavailable }
        guard try await throttle.beginPasswordReset(email: email, address: address) else { return }
        let now = clock.now
        Task { [self] in
            do {
                guard let user = try await accounts.credentials(email: email)?.user else { return }
                let secret = SecretToken.generate()
                try await credentials.createPasswordReset(userId: user.id, tokenHash: SecretToken.hash(secret))
                let message = Self.message(to: user, from: mail.from, link: publicURL.appending(path: "password/reset/\(secret)"),
                                           address: address, at: now)
                try await SMTPClient(settings: mail).send(message, date: now, messageID: "\(UUID().uuidString)@\(publicURL.host ?? "hearth")")
                logger.info("Mailed a password reset link", metadata: ["user": "\(user.id)"])
            } catch {
                logger.error("Could not mail a password reset link: \(error)")
            }
        }
    }

    /// Whether the link with `secret` still works (the page then asks for the new password).
    func isValid(secret: String) async throws -> Bool {
        try await credentials.passwordResetUser(tokenHash: SecretToken.hash(secret)) != nil
    }

    /// Sets a new password with the link's `secret`, once; every browser of the account is signed out.
    func complete(secret: String, newPassword: String) async throws {
        let tokenHash = SecretToken.hash(secret)
        guard try await credentials.passwordResetUser(tokenHash: tokenHash) != nil else { throw AccountError.resetLinkInvalid }
        try AccountRules.password(newPassword) // a password that will not do leaves the link working
        guard let userId = try await credentials.usePasswordReset(tokenHash: tokenHash) else {
            throw AccountError.resetLinkInvalid
        }
        try await accounts.setPasswordHash(userId: userId, try await hasher.hash(newPassword))
        try await credentials.deleteSessions(userId: userId, keeping: nil)
    }

    static func message(to user: User, from: String, link: URL, address: String, at date: Date) -> MailMessage {
        MailMessage(from: from, to: user.email, subject: "Reset your Hearth password", body: """
            Hello \(user.name),

            someone (we hope you) asked to reset the password of your Hearth account \(user.email).
            Open this link within 30 minutes to choose a new one; it works once:

            \(link.absoluteString)

            If it was not you, ignore this mail: your password stays as it is.
            Asked for from \(address) at \(MailMessage.rfc5322(date)).
            """)
    }
}
