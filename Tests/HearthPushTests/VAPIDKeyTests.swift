import Crypto
import Foundation
import JWTKit
import Testing
@testable import HearthPush

struct VAPIDKeyTests {
    @Test func signsATokenForThePushServicesOriginThatItsPublicKeyVerifies() async throws {
        // Set up: a key and an endpoint with a path and a port.
        let key = VAPIDKey()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try await key.authorization(for: URL(string: "https://push.example.net:8443/wpush/v2/abc")!,
                                                 contact: "mailto:admin@example.org", now: now)
        // Check: `vapid t=<jwt>, k=<key>`, the key the browser subscribed with.
        let parts = header.split(separator: " ")
        #expect(parts.count == 3 && parts[0] == "vapid")
        let token = String(parts[1].dropFirst(2).dropLast()), served = String(parts[2].dropFirst(2))
        #expect(served == key.publicKey)
        #expect(Base64URL.decode(served)?.count == 65)
        // The signature checks with the public key alone; the claims are the push service's origin,
        // an expiry within 24 hours, and the contact.
        let publicKey = try ES256PublicKey(backing: P256.Signing.PublicKey(x963Representation: Base64URL.decode(served)!))
        let claims = try await JWTKeyCollection().add(ecdsa: publicKey).verify(token, as: VAPIDKey.Claims.self)
        #expect(claims.aud == "https://push.example.net:8443")
        #expect(claims.sub == "mailto:admin@example.org")
        #expect(TimeInterval(claims.exp) - now.timeIntervalSince1970 > 0)
        #expect(TimeInterval(claims.exp) - now.timeIntervalSince1970 <= VAPIDKey.maximumLifetime)
    }

    @Test func aKeyKeptAsItsRawBytesIsTheSameKey() throws {
        let key = VAPIDKey()
        #expect(try VAPIDKey(rawRepresentation: key.rawRepresentation).publicKey == key.publicKey)
    }
}
