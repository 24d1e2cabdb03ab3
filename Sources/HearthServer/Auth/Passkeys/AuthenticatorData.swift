import Foundation

/// What the authenticator signs (WebAuthn §6.1): the relying party's hash, its flags, the signature
/// counter and, when a passkey is made, the new credential's id and public key.
struct AuthenticatorData: Sendable {
    let rpIdHash: [UInt8]
    let flags: UInt8
    let signCount: UInt32
    /// The new credential, present when one was just made.
    let credentialId: [UInt8]?
    /// Its COSE public key, as the bytes the authenticator sent.
    let credentialPublicKey: [UInt8]?

    /// The person touched or otherwise answered the authenticator.
    var userPresent: Bool { flags & 0x01 != 0 }
    /// The authenticator checked who they are (Face ID, a fingerprint, a PIN).
    var userVerified: Bool { flags & 0x04 != 0 }

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 37 else { throw CBOR.Malformed(description: "authenticator data of \(bytes.count) bytes") }
        rpIdHash = Array(bytes[0..<32])
        flags = bytes[32]
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var rest = bytes[37...]
        if flags & 0x40 != 0 { // attested credential data
            guard rest.count >= 18 else { throw CBOR.Malformed(description: "attested credential data cut short") }
            let length = Int(rest[rest.startIndex + 16]) << 8 | Int(rest[rest.startIndex + 17])
            rest = rest.dropFirst(18) // the AAGUID and the length
            guard length > 0, length <= 1023, rest.count >= length else { throw CBOR.Malformed(description: "a credential id of \(length) bytes") }
            credentialId = Array(rest.prefix(length))
            let keyStart = rest.dropFirst(length)
            let (_, afterKey) = try CBOR.decode(keyStart)
            credentialPublicKey = Array(keyStart.prefix(keyStart.count - afterKey.count))
            rest = afterKey
        } else {
            credentialId = nil
            credentialPublicKey = nil
        }
        if flags & 0x80 != 0 { // extensions: read past them
            rest = try CBOR.decode(rest).rest
        }
        guard rest.isEmpty else { throw CBOR.Malformed(description: "\(rest.count) bytes after the authenticator data") }
    }
}
