import Foundation
import HearthCore
import HearthPush

/// A sign-in halfway: the password was right, the second step's code is still to come. Sealed with
/// the server's key into the page's second-step form (no password travels twice), good for 5 minutes
/// in the browser that began it (its CSRF cookie, hashed).
struct SignInTicket: Equatable {
    static let lifetime: TimeInterval = 300
    let userId: UUID
    let browser: String
    let expiresAt: Date

    func sealed(with box: SecretBox) throws -> String {
        let text = "sign-in|\(userId.text)|\(SecretToken.hash(browser))|\(Int(expiresAt.timeIntervalSince1970))"
        guard let sealed = Data(base64Encoded: try box.seal(text)) else { throw SecretBox.KeyError("Sealing failed.") }
        return Base64URL.encode(sealed)
    }

    /// The ticket in `token`, if this server sealed it for `browser` and it has not expired.
    static func open(_ token: String, with box: SecretBox, browser: String, now: Date) throws(AccountError) -> SignInTicket {
        guard token.count <= 1000, let data = Base64URL.decode(token), let text = try? box.open(data.base64EncodedString())
        else { throw .signInExpired }
        let parts = text.split(separator: "|").map(String.init)
        guard parts.count == 4, parts[0] == "sign-in", let userId = UUID(uuidString: parts[1]), parts[2] == SecretToken.hash(browser),
              let seconds = Int(parts[3]), now.timeIntervalSince1970 < TimeInterval(seconds)
        else { throw .signInExpired }
        return SignInTicket(userId: userId, browser: browser, expiresAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
