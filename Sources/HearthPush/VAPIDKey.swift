import Crypto
import Foundation
import JWTKit

/// The server's application server key (RFC 8292): a P-256 key pair whose public half browsers
/// subscribe with, and whose private half signs a JWT for every push, so a push service accepts
/// messages for those subscriptions only from this server.
public struct VAPIDKey: Sendable {
    public let privateKey: P256.Signing.PrivateKey

    public init(privateKey: P256.Signing.PrivateKey = .init()) {
        self.privateKey = privateKey
    }

    /// A key from its 32 raw private bytes (how it is kept, sealed).
    public init(rawRepresentation: Data) throws {
        privateKey = try P256.Signing.PrivateKey(rawRepresentation: rawRepresentation)
    }

    public var rawRepresentation: Data { privateKey.rawRepresentation }

    /// The public key as browsers take it (`applicationServerKey`): 65 bytes, uncompressed, base64url.
    public var publicKey: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// The longest a VAPID token may live (RFC 8292 §2: at most 24 hours).
    public static let maximumLifetime: TimeInterval = 24 * 3600

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`, with
    /// the JWT's audience the endpoint's origin, `sub` the operator's contact, and an expiry 12 hours on.
    public func authorization(for endpoint: URL, contact: String, now: Date = Date()) async throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw VAPIDError.endpointWithoutOrigin }
        let port = endpoint.port.map { ":\($0)" } ?? ""
        let claims = Claims(aud: "\(scheme)://\(host)\(port)", exp: Int(now.timeIntervalSince1970) + 12 * 3600, sub: contact)
        let keys = await JWTKeyCollection().add(ecdsa: try ES256PrivateKey(backing: privateKey))
        return "vapid t=\(try await keys.sign(claims)), k=\(publicKey)"
    }

    /// The VAPID claims: who may read the token (the push service), until when, and whom to contact.
    struct Claims: JWTPayload {
        let aud: String
        let exp: Int
        let sub: String

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }
}

public enum VAPIDError: Error, Sendable {
    case endpointWithoutOrigin
}
