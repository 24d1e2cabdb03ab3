import _CryptoExtras
import Foundation
import HearthCore
import HearthPush
@testable import HearthServer
import JWTKit
import Testing

/// The checks of an ID token (signature against the provider's JWKS, RS256 and ES256, issuer,
/// audience, expiry, nonce) and key rotation, against a provider kept in memory. The whole flow runs
/// against a real provider in `Tests/Contract/test_single_sign_on.py` and the browser tests.
struct IdentityProviderTests {
    static let issuer = "https://id.example.org"
    static let settings = OpenIDSettings(issuer: URL(string: issuer)!, clientId: "hearth", clientSecret: "secret", groupsClaim: "roles")

    @Test func anRS256TokenForThisClientAndSignInIsAccepted() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let provider = fake.identityProvider(Self.settings)
        let claims = try await provider.verify(try await fake.token(kid: "rsa-1", nonce: "n-1", extra: ["roles": ["family", "admins"]]), nonce: "n-1")
        #expect(claims.subject == "person-1")
        #expect(claims.email == "ada@example.org")
        #expect(claims.emailVerified)
        #expect(claims.groups(claim: "roles") == ["family", "admins"])
    }

    @Test func anES256TokenIsAccepted() async throws {
        let fake = try await FakeProvider.make(ec: "ec-1")
        let claims = try await fake.identityProvider(Self.settings).verify(try await fake.token(kid: "ec-1", nonce: "n"), nonce: "n")
        #expect(claims.subject == "person-1")
    }

    @Test func aTokenForAnotherClientIsRefused() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let token = try await fake.token(kid: "rsa-1", nonce: "n", audience: ["another-app"])
        await #expect(throws: SingleSignOnError.badToken("it is not for this client")) {
            try await fake.identityProvider(Self.settings).verify(token, nonce: "n")
        }
    }

    @Test func aTokenFromAnotherIssuerIsRefused() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let token = try await fake.token(kid: "rsa-1", nonce: "n", issuer: "https://evil.example.org")
        await #expect(throws: SingleSignOnError.badToken("it is from another issuer")) {
            try await fake.identityProvider(Self.settings).verify(token, nonce: "n")
        }
    }

    @Test func anExpiredTokenIsRefusedAfterTheMinuteOfClockSkew() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let token = try await fake.token(kid: "rsa-1", nonce: "n", expires: fake.clock.now - 30)
        _ = try await fake.identityProvider(Self.settings).verify(token, nonce: "n")  // within the skew
        let late = try await fake.token(kid: "rsa-1", nonce: "n", expires: fake.clock.now - 61)
        await #expect(throws: SingleSignOnError.badToken("it has expired")) {
            try await fake.identityProvider(Self.settings).verify(late, nonce: "n")
        }
    }

    @Test func aTokenOfAnotherSignInIsRefused() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let token = try await fake.token(kid: "rsa-1", nonce: "someone-else")
        await #expect(throws: SingleSignOnError.badToken("it is not for this sign-in")) {
            try await fake.identityProvider(Self.settings).verify(token, nonce: "n")
        }
    }

    @Test func aTokenSignedByAKeyTheProviderDoesNotPublishIsRefused() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        try await fake.addRSA("stranger", publish: false)
        let provider = fake.identityProvider(Self.settings)
        let token = try await fake.token(kid: "stranger", nonce: "n")
        await #expect(throws: SingleSignOnError.badToken("its signature is not the provider's")) { try await provider.verify(token, nonce: "n") }
        // Naming a published key does not help a token it did not sign.
        let forged = try await fake.token(kid: "stranger", nonce: "n", headerKid: "rsa-1")
        await #expect(throws: SingleSignOnError.badToken("its signature is not the provider's")) { try await provider.verify(forged, nonce: "n") }
    }

    @Test func unsignedAndSharedSecretTokensAreRefused() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let provider = fake.identityProvider(Self.settings)
        let payload = Base64URL.encode(try JSONEncoder().encode(fake.claims(nonce: "n")))
        for alg in ["none", "HS256"] {
            let header = Base64URL.encode(Data(#"{"alg":"\#(alg)","kid":"rsa-1"}"#.utf8))
            await #expect(throws: SingleSignOnError.badToken("it is signed with \(alg), not RS256 or ES256")) {
                try await provider.verify("\(header).\(payload).c2ln", nonce: "n")
            }
        }
        await #expect(throws: SingleSignOnError.badToken("it is not a signed token")) { try await provider.verify("not.a-token", nonce: "n") }
    }

    @Test func keysTheProviderRotatesInAreFetchedAndKeysItDropsStopWorking() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let provider = fake.identityProvider(Self.settings)
        _ = try await provider.verify(try await fake.token(kid: "rsa-1", nonce: "n"), nonce: "n")
        _ = try await provider.verify(try await fake.token(kid: "rsa-1", nonce: "n"), nonce: "n")
        #expect(await fake.keySetFetches == 1)
        try await fake.addEC("ec-2")
        await fake.unpublish("rsa-1")
        _ = try await provider.verify(try await fake.token(kid: "ec-2", nonce: "n"), nonce: "n")
        #expect(await fake.keySetFetches == 2)
        let old = try await fake.token(kid: "rsa-1", nonce: "n")
        await #expect(throws: SingleSignOnError.badToken("its signature is not the provider's")) { try await provider.verify(old, nonce: "n") }
        #expect(await fake.keySetFetches == 3)
    }

    @Test func keysAreFetchedAgainAfterAnHourSoAKeyTheProviderDroppedStopsWorking() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let provider = fake.identityProvider(Self.settings)
        let early = try await fake.token(kid: "rsa-1", nonce: "n", expires: fake.clock.now + 7200)
        _ = try await provider.verify(early, nonce: "n")
        try await fake.addEC("ec-2")
        await fake.unpublish("rsa-1")
        fake.clock.advance(by: 3599)
        _ = try await provider.verify(early, nonce: "n")  // within the hour the kept keys stand
        #expect(await fake.keySetFetches == 1)
        fake.clock.advance(by: 2)
        await #expect(throws: SingleSignOnError.badToken("its signature is not the provider's")) { try await provider.verify(early, nonce: "n") }
        #expect(await fake.keySetFetches == 2)
    }

    @Test func theTimeOfTheSignInAtTheProviderIsRead() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        var claims = fake.claims(nonce: "n")
        claims.authTime = fake.clock.now - 5
        let token = try await fake.sign(claims, kid: "rsa-1")
        let read = try await fake.identityProvider(Self.settings).verify(token, nonce: "n")
        #expect(read.authTime == Date(timeIntervalSince1970: (fake.clock.now - 5).timeIntervalSince1970.rounded(.down)))
    }

    @Test func aDiscoveryDocumentOfAnotherIssuerStopsTheSignIn() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let settings = OpenIDSettings(issuer: URL(string: "https://other.example.org")!, clientId: "hearth", clientSecret: "s")
        await #expect(throws: SingleSignOnError.self) { try await fake.identityProvider(settings).discovery() }
    }

    @Test func theCodeIsTradedWithTheClientSecretAndTheVerifier() async throws {
        let fake = try await FakeProvider.make(rsa: "rsa-1")
        let provider = fake.identityProvider(Self.settings)
        #expect(try await provider.idToken(code: "code-1", verifier: "v", redirectURI: "https://hearth.example.org/auth/oidc/callback") == "the-id-token")
        let sent = try #require(await fake.tokenRequests.first)
        #expect(sent.user == "hearth" && sent.password == "secret")
        #expect(sent.form == ["grant_type": "authorization_code", "code": "code-1", "code_verifier": "v",
                              "redirect_uri": "https://hearth.example.org/auth/oidc/callback"])
        #expect(IdentityProvider.formEncoded("a b+c/d:é") == "a%20b%2Bc%2Fd%3A%C3%A9")
        await #expect(throws: SingleSignOnError.codeRefused("invalid_grant")) {
            try await provider.idToken(code: "used", verifier: "v", redirectURI: "https://hearth.example.org/auth/oidc/callback")
        }
    }

    @Test func aProviderThatDoesNotAnswerSaysSo() async throws {
        let settings = OpenIDSettings(issuer: URL(string: "http://127.0.0.1:9")!, clientId: "hearth", clientSecret: "s")
        let provider = IdentityProvider(settings: settings, clock: VirtualClock())
        await #expect(throws: SingleSignOnError.self) { try await provider.discovery() }
    }
}

/// An identity provider in memory: its discovery document, a JWKS of the keys it publishes, a token
/// endpoint, and ID tokens signed by any key it has (published or not).
actor FakeProvider {
    struct TokenRequest {
        let user: String?
        let password: String?
        let form: [String: String]
    }

    let clock = VirtualClock()
    private var signers: [String: JWTKeyCollection] = [:]
    private var published: [String: JWK] = [:]
    private(set) var keySetFetches = 0
    private(set) var tokenRequests: [TokenRequest] = []

    static func make(rsa: String? = nil, ec: String? = nil) async throws -> FakeProvider {
        let fake = FakeProvider()
        if let rsa { try await fake.addRSA(rsa) }
        if let ec { try await fake.addEC(ec) }
        return fake
    }

    func addRSA(_ kid: String, publish: Bool = true) async throws {
        let key = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        signers[kid] = await JWTKeyCollection().add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
        let primitives = try key.publicKey.getKeyPrimitives()
        if publish {
            published[kid] = .rsa(.rs256, identifier: JWKIdentifier(string: kid), modulus: Base64URL.encode(primitives.modulus),
                                  exponent: Base64URL.encode(primitives.publicExponent))
        }
    }

    func addEC(_ kid: String) async throws {
        let key = ES256PrivateKey()
        signers[kid] = await JWTKeyCollection().add(ecdsa: key, kid: JWKIdentifier(string: kid))
        let parameters = try #require(key.parameters)
        published[kid] = .ecdsa(.es256, identifier: JWKIdentifier(string: kid), x: parameters.x, y: parameters.y, curve: .p256)
    }

    func unpublish(_ kid: String) { published[kid] = nil }

    nonisolated func claims(nonce: String, issuer: String = IdentityProviderTests.issuer, audience: [String] = ["hearth"],
                            expires: Date? = nil, extra: [String: [String]] = [:]) -> IDToken {
        IDToken(issuer: issuer, subject: "person-1", audience: audience, expires: expires ?? clock.now + 300, issuedAt: clock.now,
                nonce: nonce, email: "ada@example.org", emailVerified: true, name: "Ada", lists: extra)
    }

    /// `claims` signed by the key `kid`.
    func sign(_ claims: IDToken, kid: String) async throws -> String {
        try await #require(signers[kid]).sign(claims, kid: JWKIdentifier(string: kid))
    }

    /// An ID token signed by the key `kid`, naming `headerKid` (the same unless a forgery is wanted).
    func token(kid: String, nonce: String, issuer: String = IdentityProviderTests.issuer, audience: [String] = ["hearth"],
               expires: Date? = nil, extra: [String: [String]] = [:], headerKid: String? = nil) async throws -> String {
        let signer = try #require(signers[kid])
        let token = try await signer.sign(claims(nonce: nonce, issuer: issuer, audience: audience, expires: expires, extra: extra),
                                          kid: JWKIdentifier(string: kid))
        guard let headerKid else { return token }
        let parts = token.split(separator: ".").map(String.init)
        let header = try JSONSerialization.jsonObject(with: try #require(Base64URL.decode(parts[0]))) as? [String: Any] ?? [:]
        var renamed = header
        renamed["kid"] = headerKid
        return [Base64URL.encode(try JSONSerialization.data(withJSONObject: renamed)), parts[1], parts[2]].joined(separator: ".")
    }

    nonisolated func identityProvider(_ settings: OpenIDSettings) -> IdentityProvider {
        IdentityProvider(settings: settings, clock: clock) { request throws(IdentityProvider.FetchError) in
            try await self.answer(request)
        }
    }

    private func answer(_ request: IdentityProvider.Request) async throws(IdentityProvider.FetchError) -> Data {
        let issuer = IdentityProviderTests.issuer
        switch request.url {
        case issuer + "/.well-known/openid-configuration":
            return Self.json(["issuer": issuer, "authorization_endpoint": issuer + "/authorize", "token_endpoint": issuer + "/token",
                              "jwks_uri": issuer + "/jwks"])
        case issuer + "/jwks":
            keySetFetches += 1
            return (try? JSONEncoder().encode(JWKS(keys: Array(published.values)))) ?? Data()
        case issuer + "/token":
            let form = Dictionary((request.form ?? []).map { ($0.0, $0.1) }, uniquingKeysWith: { $1 })
            tokenRequests.append(TokenRequest(user: request.basicAuthorization?.user, password: request.basicAuthorization?.password, form: form))
            if form["code"] == "used" { throw .refused(status: 400, body: Self.json(["error": "invalid_grant"])) }
            return Self.json(["id_token": "the-id-token", "access_token": "a", "token_type": "Bearer"])
        default:
            throw .refused(status: 404, body: Data())
        }
    }

    private static func json(_ object: [String: String]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }
}
