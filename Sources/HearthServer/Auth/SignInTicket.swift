import Foundation
import HearthCore

/// A sign-in halfway: the password was right, the second step's code is still to come. Sealed with
/// the server's key into the page's second-step form (no password travels twice), good for 5 minutes
/// in the browser that began it (its CSRF cookie, hashed).
struct SignInTicket: Equatable {
    static let lifetime: TimeInterval = 300
    let userId: UUID
    let browser: String
    let expiresAt: Date

    func sealed(with box: SecretBox) throws -> String {
        try box.sealToken(purpose: "sign-in", [userId.text, SecretToken.hash(browser), String(Int(expiresAt.timeIntervalSince1970))])
    }

    /// The ticket in `token`, if this server sealed it for `browser` and it has not expired.
    static func open(_ token: String, with box: SecretBox, browser: String, now: Date) throws(AccountError) -> SignInTicket {
        guard let parts = box.openToken(token, purpose: "sign-in"), parts.count == 3, let userId = UUID(uuidString: parts[0]),
              parts[1] == SecretToken.hash(browser), let seconds = Int(parts[2]), now.timeIntervalSince1970 < TimeInterval(seconds)
        else { throw .signInExpired }
        return SignInTicket(userId: userId, browser: browser, expiresAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
