import Crypto
import Foundation
import HearthCore
import HearthPush

/// Random secrets handed to a client once (session cookies, API tokens, invite links)
/// and the SHA-256 hashes under which the database keeps them.
enum SecretToken {
    /// A new URL-safe secret with 256 bits of randomness, e.g. `hth_Qm9i...`.
    static func generate(prefix: String = "") -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Base64URL.encode(bytes)
    }

    /// The hex SHA-256 of a secret: what is stored and looked up.
    static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).hexString
    }

    /// Compares two secrets in time independent of where they differ.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
