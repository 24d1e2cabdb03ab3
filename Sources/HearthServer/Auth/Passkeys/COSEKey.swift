import Crypto
import Foundation

/// A passkey's public key as the authenticator gives it (a COSE key, RFC 9053): ES256 (P-256 with
/// SHA-256, what most authenticators make) or EdDSA (Ed25519). Hearth asks for these two only.
enum COSEKey: Sendable {
    case es256(P256.Signing.PublicKey)
    case ed25519(Curve25519.Signing.PublicKey)

    /// The algorithms Hearth asks authenticators for, in its order of preference (COSE numbers).
    static let algorithms: [Int] = [-7, -8]

    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads a COSE key; throws for another kind, curve or algorithm, or a point not on its curve.
    init(_ key: CBOR) throws {
        switch (key[1]?.integer, key[3]?.integer) {
        case (2, -7): // EC2, ES256
            guard key[-1]?.integer == 1, case .bytes(let x)? = key[-2], case .bytes(let y)? = key[-3], x.count == 32, y.count == 32 else {
                throw Unsupported(description: "an ES256 key that is not a P-256 point")
            }
            do {
                self = .es256(try P256.Signing.PublicKey(x963Representation: [0x04] + x + y))
            } catch {
                throw Unsupported(description: "an ES256 key that is not a P-256 point")
            }
        case (1, -8): // OKP, EdDSA
            guard key[-1]?.integer == 6, case .bytes(let x)? = key[-2], x.count == 32,
                  let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: x)
            else { throw Unsupported(description: "an EdDSA key that is not Ed25519") }
            self = .ed25519(publicKey)
        case let (kty, alg):
            throw Unsupported(description: "a key of type \(kty.map(String.init) ?? "?") with algorithm \(alg.map(String.init) ?? "?") (Hearth takes ES256 and EdDSA)")
        }
    }

    /// Reads the COSE key stored as its bytes.
    init(bytes: [UInt8]) throws {
        try self.init(try CBOR.decodeWhole(bytes))
    }

    /// Whether `signature` (DER for ES256, as WebAuthn sends it) signs `data` with this key.
    func isValidSignature(_ signature: [UInt8], for data: [UInt8]) -> Bool {
        switch self {
        case .es256(let key):
            guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: data)
        case .ed25519(let key):
            return key.isValidSignature(signature, for: data)
        }
    }
}
