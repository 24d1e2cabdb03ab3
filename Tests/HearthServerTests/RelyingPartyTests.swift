import Foundation
import HearthPush
import Testing
@testable import HearthServer

/// Passkeys' answers checked against vectors made with Python's `fido2` (Fixtures/passkeys): ES256
/// and EdDSA keys registered and used; a person not verified, another site, another origin, a
/// changed byte and broken CBOR refused.
@Suite struct RelyingPartyTests {
    struct Vectors: Decodable {
        struct Vector: Decodable {
            struct Registration: Decodable { let challenge, clientDataJSON, attestationObject: String }
            struct Assertion: Decodable { let challenge, clientDataJSON, authenticatorData, signature: String; let signCount: UInt32 }
            let name, credentialId, publicKey: String
            let registration: Registration
            let assertion: Assertion
        }
        let rpId, origin: String
        let vectors: [Vector]
    }

    static let vectors: Vectors = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/passkeys/passkeys.json")
        return try! JSONDecoder().decode(Vectors.self, from: Data(contentsOf: file))
    }()
    let party = RelyingParty(id: vectors.rpId, origins: [vectors.origin])

    static func vector(_ name: String) -> Vectors.Vector { vectors.vectors.first { $0.name == name }! }
    static func bytes(_ text: String) -> [UInt8] { Array(Base64URL.decode(text)!) }

    @Test(arguments: ["es256", "eddsa"])
    func aPasskeyIsRegisteredAndItsSignatureChecked(name: String) throws {
        let vector = Self.vector(name)
        let made = vector.registration
        #expect(try party.challenge(inClientData: Self.bytes(made.clientDataJSON), type: "webauthn.create") == Self.bytes(made.challenge))
        let credential = try party.registration(attestationObject: Self.bytes(made.attestationObject))
        #expect(credential == .init(id: Self.bytes(vector.credentialId), publicKey: Self.bytes(vector.publicKey), signCount: 0))

        let used = vector.assertion
        #expect(try party.challenge(inClientData: Self.bytes(used.clientDataJSON), type: "webauthn.get") == Self.bytes(used.challenge))
        let counter = try party.assertion(authenticatorData: Self.bytes(used.authenticatorData), clientDataJSON: Self.bytes(used.clientDataJSON),
                                          signature: Self.bytes(used.signature), publicKey: credential.publicKey)
        #expect(counter == used.signCount)
        // One byte changed anywhere that is signed: refused.
        var data = Self.bytes(used.authenticatorData)
        data[36] ^= 1
        #expect(throws: RelyingParty.Refusal.self) {
            try party.assertion(authenticatorData: data, clientDataJSON: Self.bytes(used.clientDataJSON),
                                signature: Self.bytes(used.signature), publicKey: credential.publicKey)
        }
        var client = Self.bytes(used.clientDataJSON)
        client[client.count - 2] ^= 1
        #expect(throws: RelyingParty.Refusal.self) {
            try party.assertion(authenticatorData: Self.bytes(used.authenticatorData), clientDataJSON: client,
                                signature: Self.bytes(used.signature), publicKey: credential.publicKey)
        }
    }

    @Test func aPasskeyIsUsedOnlyWithItsOwnKey() throws {
        let used = Self.vector("es256").assertion
        #expect(throws: RelyingParty.Refusal.self) {
            try party.assertion(authenticatorData: Self.bytes(used.authenticatorData), clientDataJSON: Self.bytes(used.clientDataJSON),
                                signature: Self.bytes(used.signature), publicKey: Self.bytes(Self.vector("eddsa").publicKey))
        }
    }

    @Test func anAuthenticatorThatDidNotVerifyThePersonIsRefused() throws {
        let vector = Self.vector("not-verified")
        #expect(throws: RelyingParty.Refusal.self) { try party.registration(attestationObject: Self.bytes(vector.registration.attestationObject)) }
        #expect(throws: RelyingParty.Refusal.self) {
            try party.assertion(authenticatorData: Self.bytes(vector.assertion.authenticatorData), clientDataJSON: Self.bytes(vector.assertion.clientDataJSON),
                                signature: Self.bytes(vector.assertion.signature), publicKey: Self.bytes(vector.publicKey))
        }
    }

    @Test func anotherSiteOrOriginOrCeremonyIsRefused() throws {
        #expect(throws: RelyingParty.Refusal.self) {
            try party.registration(attestationObject: Self.bytes(Self.vector("other-site").registration.attestationObject))
        }
        #expect(throws: RelyingParty.Refusal.self) {
            try party.challenge(inClientData: Self.bytes(Self.vector("other-origin").registration.clientDataJSON), type: "webauthn.create")
        }
        #expect(throws: RelyingParty.Refusal.self) {
            try party.challenge(inClientData: Self.bytes(Self.vector("es256").assertion.clientDataJSON), type: "webauthn.create")
        }
    }

    @Test func brokenCBORIsAnErrorNeverACrash() throws {
        let broken: [[UInt8]] = [
            [], [0x18], [0x5F, 0x41, 0x00, 0xFF], [0x59, 0xFF, 0xFF], [0xA2, 0x01, 0x02, 0x01, 0x03],
            Array(repeating: 0x81, count: 40) + [0x00], [0x63, 0xFF, 0xFE, 0xFD], [0xF8, 0x10], [0x9B] + Array(repeating: 0xFF, count: 8),
        ]
        for bytes in broken {
            #expect(throws: CBOR.Malformed.self) { try CBOR.decodeWhole(bytes) }
        }
        #expect(try CBOR.decodeWhole([0xA2, 0x01, 0x02, 0x20, 0x43, 0x01, 0x02, 0x03]) == .map([.unsigned(1): .unsigned(2), .negative(0): .bytes([1, 2, 3])]))
        #expect(try CBOR.decodeWhole([0x39, 0x01, 0x00]).integer == -257)
    }

    @Test func theSiteIsThePublicAddressWrittenAsBrowsersWriteOrigins() {
        let site = PasskeyService.relyingParty(publicURL: URL(string: "https://Hearth.Example.org:443/"), port: 8080)
        #expect(site.id == "hearth.example.org" && site.origins == ["https://hearth.example.org"])
        #expect(PasskeyService.relyingParty(publicURL: URL(string: "http://nas.local:8080"), port: 9000).origins == ["http://nas.local:8080"])
        let development = PasskeyService.relyingParty(publicURL: nil, port: 8080)
        #expect(development.id == "localhost" && development.origins == ["http://localhost:8080"])
    }
}
