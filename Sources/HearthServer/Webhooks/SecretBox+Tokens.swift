import Foundation
import HearthPush

/// Short-lived facts the server hands out and takes back (a notification's button, a sign-in's
/// second step): sealed with the server's key, so they cannot be made or changed elsewhere, and
/// marked with their purpose, so one kind is never taken for another. URL-safe Base64.
extension SecretBox {
    func sealToken(purpose: String, _ parts: [String]) throws -> String {
        guard let sealed = Data(base64Encoded: try seal(([purpose] + parts).joined(separator: "|"))) else { throw KeyError("Sealing failed.") }
        return Base64URL.encode(sealed)
    }

    /// The parts of `token` if this server sealed it for `purpose`; nil otherwise.
    func openToken(_ token: String, purpose: String) -> [String]? {
        guard token.count <= 1000, let data = Base64URL.decode(token), let text = try? open(data.base64EncodedString()) else { return nil }
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.first == purpose else { return nil }
        return Array(parts.dropFirst())
    }
}
