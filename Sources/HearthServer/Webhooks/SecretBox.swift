import Crypto
import Foundation

/// Seals secrets the server must read back later (webhook signing secrets) with AES-GCM, so a copy
/// of the database alone does not reveal them. The key is `HEARTH_SECRET_KEY` (base64, 32 bytes)
/// or the file `hearth.key` in the data directory, created on first start with mode 0600. Every
/// server of a cluster needs the same one (checked at start by ``ClusterAgreement``).
struct SecretBox: Sendable {
    /// The raw key (`SymmetricKey` itself is not Sendable in swift-crypto 3).
    private let keyData: Data
    private var key: SymmetricKey { SymmetricKey(data: keyData) }

    init(key: SymmetricKey) {
        self.keyData = key.withUnsafeBytes { Data($0) }
    }

    /// A box with a random key that lives only as long as the process (in-memory databases).
    static func ephemeral() -> SecretBox { SecretBox(key: SymmetricKey(size: .bits256)) }

    /// The configured key, creating the key file when there is none.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment, dataDirectory: String) throws -> SecretBox {
        if let encoded = environment["HEARTH_SECRET_KEY"], !encoded.isEmpty {
            guard let data = Data(base64Encoded: encoded), data.count == 32 else {
                throw KeyError("HEARTH_SECRET_KEY must be 32 bytes in base64 (for example: openssl rand -base64 32).")
            }
            return SecretBox(key: SymmetricKey(data: data))
        }
        try DataDirectory.prepare(dataDirectory)
        let file = URL(fileURLWithPath: dataDirectory).appendingPathComponent("hearth.key")
        if FileManager.default.fileExists(atPath: file.path) {
            // Never replace an existing key: every sealed secret would become unreadable.
            guard let data = try? Data(contentsOf: file) else { throw KeyError("Cannot read the key file \(file.path).") }
            guard data.count == 32 else { throw KeyError("\(file.path) is not a 32-byte key.") }
            return SecretBox(key: SymmetricKey(data: data))
        }
        let key = SymmetricKey(size: .bits256)
        let data = key.withUnsafeBytes { Data($0) }
        guard FileManager.default.createFile(atPath: file.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw KeyError("Cannot create the key file \(file.path).")
        }
        return SecretBox(key: key)
    }

    /// Names the key without revealing it (the HMAC of a fixed text under the key, in hex), so the
    /// servers of a cluster can tell whether they share it (``ClusterAgreement``).
    var fingerprint: String {
        HMAC<SHA256>.authenticationCode(for: Data("hearth key fingerprint".utf8), using: key).hexString
    }

    /// A keyed hash of `text` for `purpose` (HMAC-SHA-256 under a key derived for that purpose):
    /// for short secrets kept only to be recognised (recovery codes), which a plain hash would let
    /// anyone with a copy of the database try out.
    func keyedHash(_ text: String, purpose: String) -> String {
        let derived = HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Data("hearth \(purpose)".utf8), outputByteCount: 32)
        return HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: derived).hexString
    }

    func seal(_ secret: String) throws -> String {
        guard let combined = try AES.GCM.seal(Data(secret.utf8), using: key).combined else { throw KeyError("Sealing failed.") }
        return combined.base64EncodedString()
    }

    func open(_ sealed: String) throws -> String {
        guard let data = Data(base64Encoded: sealed) else { throw KeyError("A sealed secret is damaged.") }
        return String(decoding: try AES.GCM.open(try AES.GCM.SealedBox(combined: data), using: key), as: UTF8.self)
    }

    struct KeyError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
