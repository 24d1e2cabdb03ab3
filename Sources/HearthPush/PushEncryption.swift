import Crypto
import Foundation

/// Encrypts a push message for one subscription as RFC 8291 says (the `aes128gcm` content coding of
/// RFC 8188, in one record): an ephemeral P-256 key agreed with the browser's `p256dh` key, mixed
/// with its `auth` secret through HKDF, and AES-128-GCM.
public struct PushEncryption: Sendable {
    /// The browser's public key (65 bytes, uncompressed) and authentication secret (16 bytes).
    public let userAgentKey: P256.KeyAgreement.PublicKey
    public let authSecret: Data

    /// The record size announced in the header; one record holds any push message (at most 4 KB).
    static let recordSize: UInt32 = 4096
    /// What a push service accepts at most, header included (RFC 8291 §4).
    public static let maximumBodySize = 4096

    public init(p256dh: String, auth: String) throws(PushEncryptionError) {
        guard let keyBytes = Base64URL.decode(p256dh), keyBytes.count == 65,
              let key = try? P256.KeyAgreement.PublicKey(x963Representation: keyBytes)
        else { throw .invalidKey }
        guard let secret = Base64URL.decode(auth), secret.count == 16 else { throw .invalidAuthSecret }
        self.userAgentKey = key
        self.authSecret = secret
    }

    /// The request body for `plaintext`: salt, record size, the server's ephemeral public key, and
    /// the ciphertext. `serverKey` and `salt` are fresh for every message; tests pass fixed ones.
    public func seal(_ plaintext: Data, serverKey: P256.KeyAgreement.PrivateKey = .init(),
                     salt: Data = Data((0..<16).map { _ in UInt8.random(in: .min ... .max) })) throws -> Data {
        let serverPublic = serverKey.publicKey.x963Representation
        let shared = try serverKey.sharedSecretFromKeyAgreement(with: userAgentKey)
        // RFC 8291 §3.4: the input keying material binds both public keys and the auth secret.
        let keyInfo = Data("WebPush: info".utf8) + [0] + userAgentKey.x963Representation + serverPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                                info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                           info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // One record, so it is the last: the 0x02 delimiter and no padding.
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey,
                                      nonce: try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        var body = salt
        withUnsafeBytes(of: Self.recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(serverPublic.count))
        body.append(serverPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }
}

/// Why a subscription's keys cannot be used.
public enum PushEncryptionError: Error, Equatable, Sendable {
    case invalidKey
    case invalidAuthSecret
    /// The message is more than a push service takes (4,096 bytes, encrypted).
    case tooLarge

    public var message: String {
        switch self {
        case .invalidKey: "“keys.p256dh” must be the browser's P-256 public key (65 bytes, base64url)."
        case .invalidAuthSecret: "“keys.auth” must be the browser's 16-byte secret (base64url)."
        case .tooLarge: "The notification is larger than push services take (4 KB)."
        }
    }
}
