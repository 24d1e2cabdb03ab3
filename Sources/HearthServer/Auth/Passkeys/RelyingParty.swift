import Crypto
import Foundation
import HearthPush

/// Hearth as a WebAuthn relying party: checks what a browser's authenticator answered when a passkey
/// is made (registration) or used (an assertion). Attestation is not asked for ("none"): a passkey
/// is trusted as the person's own, as their password is. User verification is required.
struct RelyingParty: Sendable {
    /// The relying party id: the host people open Hearth at (`localhost` in development).
    let id: String
    /// The origins a browser may report (`https://hearth.example.org`).
    let origins: Set<String>

    /// A passkey just made: its id, its public key (COSE) and its counter.
    struct NewCredential: Sendable, Equatable {
        let id: [UInt8]
        let publicKey: [UInt8]
        let signCount: UInt32
    }

    /// Why an answer is refused; the person sees a sentence, the log the reason.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks the client data of a ceremony (`webauthn.create` or `webauthn.get`) and answers the
    /// challenge it signed, for the caller to take from the challenges it handed out.
    func challenge(inClientData json: [UInt8], type: String) throws -> [UInt8] {
        struct ClientData: Decodable {
            let type: String
            let challenge: String
            let origin: String
            let crossOrigin: Bool?
        }
        guard let data = try? JSONDecoder().decode(ClientData.self, from: Data(json)) else {
            throw Refusal(description: "its client data is not WebAuthn's JSON")
        }
        guard data.type == type else { throw Refusal(description: "its client data is of type \(data.type), not \(type)") }
        guard origins.contains(data.origin), data.crossOrigin != true else {
            throw Refusal(description: "it was made at \(data.origin), not at \(origins.sorted().joined(separator: " or "))")
        }
        guard let challenge = Base64URL.decode(data.challenge), !challenge.isEmpty else { throw Refusal(description: "its challenge is not base64url") }
        return Array(challenge)
    }

    /// Checks an attestation object (`none` attestation: its statement is not read) and answers the new credential.
    func registration(attestationObject: [UInt8]) throws -> NewCredential {
        let object: CBOR
        do { object = try CBOR.decodeWhole(attestationObject) } catch { throw Refusal(description: "its attestation object: \(error)") }
        guard case .bytes(let bytes)? = object["authData"] else { throw Refusal(description: "its attestation object has no authenticator data") }
        let data = try authenticatorData(bytes)
        guard let id = data.credentialId, let key = data.credentialPublicKey else { throw Refusal(description: "no credential was made") }
        do { _ = try COSEKey(bytes: key) } catch { throw Refusal(description: "its key: \(error)") }
        return NewCredential(id: id, publicKey: key, signCount: data.signCount)
    }

    /// Checks an assertion made with the passkey whose key is `publicKey`, and answers its new counter.
    func assertion(authenticatorData bytes: [UInt8], clientDataJSON: [UInt8], signature: [UInt8], publicKey: [UInt8]) throws -> UInt32 {
        let data = try authenticatorData(bytes)
        let key: COSEKey
        do { key = try COSEKey(bytes: publicKey) } catch { throw Refusal(description: "its stored key: \(error)") }
        guard key.isValidSignature(signature, for: bytes + Array(SHA256.hash(data: clientDataJSON))) else {
            throw Refusal(description: "its signature does not match the passkey")
        }
        return data.signCount
    }

    private func authenticatorData(_ bytes: [UInt8]) throws -> AuthenticatorData {
        let data: AuthenticatorData
        do { data = try AuthenticatorData(bytes) } catch { throw Refusal(description: "its authenticator data: \(error)") }
        guard data.rpIdHash == Array(SHA256.hash(data: Data(id.utf8))) else { throw Refusal(description: "it was made for another site than \(id)") }
        guard data.userPresent, data.userVerified else { throw Refusal(description: "the authenticator did not verify the person (Face ID, fingerprint or PIN)") }
        return data
    }
}
