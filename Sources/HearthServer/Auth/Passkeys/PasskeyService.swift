import Foundation
import HearthCore
import HearthPush
import HearthStore

/// Passkeys: made in Settings → Security (several, each named for its device), used to sign in
/// (also from the browser's autofill), to confirm it is you and to open the inventory's lock.
/// Challenges are random, good once for 5 minutes, and tied to what they were handed out for.
/// A passkey verifies the person itself (Face ID, a fingerprint, a PIN), so it signs in without
/// two-step sign-in's code.
struct PasskeyService: Sendable {
    let credentials: CredentialStore
    let accounts: AccountStore
    let party: RelyingParty

    /// How long a browser waits for the person, in milliseconds (the challenge lives as long).
    static let timeout = Int(CredentialStore.passkeyChallengeLifetime * 1000)

    /// What `navigator.credentials.create` needs, base64url where WebAuthn has bytes.
    struct CreationOptions: Sendable {
        let challenge: String
        let rpId: String
        let userHandle: String
        let userName: String
        let userDisplayName: String
        let excludeCredentials: [String]
    }

    /// What `navigator.credentials.get` needs.
    struct RequestOptions: Sendable {
        let challenge: String
        let rpId: String
        /// The passkeys that may answer (empty: any of this site's, as the browser offers them).
        let allowCredentials: [String]
    }

    /// A new passkey's answer, base64url.
    struct Registration: Sendable {
        let credentialId: String
        let clientDataJSON: String
        let attestationObject: String
    }

    /// A passkey's signed answer, base64url.
    struct Assertion: Sendable {
        let credentialId: String
        let clientDataJSON: String
        let authenticatorData: String
        let signature: String
        let userHandle: String?
    }

    /// The relying party of a server opened at `publicURL`, or at `http://localhost:port` without one.
    static func relyingParty(publicURL: URL?, port: Int) -> RelyingParty {
        guard let publicURL, let host = publicURL.host?.lowercased(), let scheme = publicURL.scheme?.lowercased() else {
            return RelyingParty(id: "localhost", origins: ["http://localhost:\(port)"])
        }
        // As browsers write an origin: lower case, without the scheme's own port.
        let defaultPort = scheme == "https" ? 443 : 80
        let port = publicURL.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        return RelyingParty(id: host, origins: ["\(scheme)://\(host)\(port)"])
    }

    func creationOptions(for user: User) async throws -> CreationOptions {
        let challenge = try await newChallenge(userId: user.id, purpose: .register)
        let existing = try await credentials.passkeys(userId: user.id).map(\.credentialId)
        return CreationOptions(challenge: challenge, rpId: party.id, userHandle: Self.handle(of: user.id), userName: user.email,
                               userDisplayName: user.name, excludeCredentials: existing)
    }

    /// Checks a new passkey's answer to this user's challenge and keeps it under `name`.
    func register(_ answer: Registration, name: String, for user: User) async throws -> Passkey {
        let name = try Self.name(name)
        do {
            let challenge = try party.challenge(inClientData: try Self.bytes(answer.clientDataJSON), type: "webauthn.create")
            guard try await credentials.takePasskeyChallenge(Base64URL.encode(challenge), userId: user.id, purpose: .register) else {
                throw RelyingParty.Refusal(description: "its request expired or was answered already")
            }
            let made = try party.registration(attestationObject: try Self.bytes(answer.attestationObject))
            guard Base64URL.encode(made.id) == answer.credentialId else { throw RelyingParty.Refusal(description: "its id does not match") }
            guard try await credentials.passkey(credentialId: answer.credentialId) == nil else {
                throw RelyingParty.Refusal(description: "this passkey is added already")
            }
            return try await credentials.addPasskey(userId: user.id, credentialId: answer.credentialId, publicKey: Base64URL.encode(made.publicKey),
                                                    signCount: made.signCount, name: name)
        } catch let refusal as RelyingParty.Refusal {
            throw PasskeyError.notAdded(refusal.description)
        }
    }

    /// A challenge to sign in with any passkey of this site (`user` nil), or for `user` to prove it is them.
    func requestOptions(for user: User?) async throws -> RequestOptions {
        let challenge = try await newChallenge(userId: user?.id, purpose: user == nil ? .signIn : .confirm)
        var allowed: [String] = []
        if let user { allowed = try await credentials.passkeys(userId: user.id).map(\.credentialId) }
        return RequestOptions(challenge: challenge, rpId: party.id, allowCredentials: allowed)
    }

    /// The user a passkey's answer to a sign-in challenge signs in.
    func signIn(_ answer: Assertion) async throws -> User {
        let passkey = try await verify(answer, userId: nil, purpose: .signIn)
        guard let user = try await accounts.user(id: passkey.userId) else { throw PasskeyError.notAccepted("its account is gone") }
        return user
    }

    /// Checks that `user` answered their own challenge with one of their passkeys.
    func confirm(_ answer: Assertion, for user: User) async throws {
        do {
            _ = try await verify(answer, userId: user.id, purpose: .confirm)
        } catch PasskeyError.notAccepted(let reason) {
            throw PasskeyError.notConfirmed(reason) // signed in still: 403, not 401
        }
    }

    /// Checks an answer to a challenge handed out for `purpose` (and `userId`, whose passkey it must be).
    private func verify(_ answer: Assertion, userId: UUID?, purpose: PasskeyPurpose) async throws -> Passkey {
        do {
            let clientData = try Self.bytes(answer.clientDataJSON)
            let challenge = try party.challenge(inClientData: clientData, type: "webauthn.get")
            guard let passkey = try await credentials.passkey(credentialId: answer.credentialId) else {
                throw RelyingParty.Refusal(description: "it is not known here (it may have been removed)")
            }
            if let handle = answer.userHandle, handle != Self.handle(of: passkey.userId) {
                throw RelyingParty.Refusal(description: "it names another account")
            }
            if let userId, passkey.userId != userId { throw RelyingParty.Refusal(description: "it is another account's passkey") }
            guard try await credentials.takePasskeyChallenge(Base64URL.encode(challenge), userId: userId, purpose: purpose) else {
                throw RelyingParty.Refusal(description: "its request expired or was answered already")
            }
            let counter = try party.assertion(authenticatorData: try Self.bytes(answer.authenticatorData), clientDataJSON: clientData,
                                              signature: try Self.bytes(answer.signature), publicKey: try Self.bytes(passkey.publicKey))
            guard try await credentials.usePasskey(passkey, signCount: counter) else {
                throw RelyingParty.Refusal(description: "its counter went back (a copy of the passkey?)")
            }
            return passkey
        } catch let refusal as RelyingParty.Refusal {
            throw PasskeyError.notAccepted(refusal.description)
        }
    }

    private func newChallenge(userId: UUID?, purpose: PasskeyPurpose) async throws -> String {
        let challenge = SecretToken.generate()
        try await credentials.createPasskeyChallenge(challenge, userId: userId, purpose: purpose)
        return challenge
    }

    /// The user handle WebAuthn keeps with a passkey: the account id's 16 bytes, base64url.
    static func handle(of userId: UUID) -> String {
        Base64URL.encode(withUnsafeBytes(of: userId.uuid) { Data($0) })
    }

    static func bytes(_ text: String) throws -> [UInt8] {
        guard let data = Base64URL.decode(text) else { throw RelyingParty.Refusal(description: "a field is not base64url") }
        return Array(data)
    }

    /// A passkey's name: the device it lives on, as the person calls it.
    static func name(_ raw: String) throws -> String {
        do { return try AccountRules.name(raw) } catch {
            if case .invalidName(let reason) = error { throw PasskeyError.invalidName(reason) }
            throw error
        }
    }
}
