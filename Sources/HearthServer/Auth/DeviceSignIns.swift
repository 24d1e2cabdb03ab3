import Foundation
import HearthCore
import HearthStore

/// Signing in a program (the CLI) through a browser, as RFC 8628's device flow does it: the
/// program shows a code and an address; a person signed in there (in any way: the identity
/// provider, a passkey, two-step) checks the code and approves; the program, asking meanwhile,
/// gets an API token once.
struct DeviceSignIns: Sendable {
    /// Seconds the program waits between two questions.
    static let interval = 2
    /// Letters of the code: no vowels (no words), none that look alike.
    static let alphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

    let accountService: AccountService
    var credentials: CredentialStore { accountService.credentials }

    struct Started {
        let code: String
        let pollToken: String
    }

    /// What the program's question for its token gets.
    enum Answer {
        case pending
        case token(APIToken, secret: String)
    }

    func start(deviceName: String, address: String) async throws -> Started {
        let name = try AccountRules.tokenName(deviceName)
        try await accountService.throttle.beginSingleSignOn(address: address)
        let pollToken = SecretToken.generate()
        for _ in 0..<5 {
            let code = Self.newCode()
            if try await credentials.startDeviceSignIn(pollHash: SecretToken.hash(pollToken), code: code, deviceName: name) {
                return Started(code: code, pollToken: pollToken)
            }
        }
        throw AccountError.tooManyAttempts(retryAfterSeconds: Self.interval)
    }

    /// The token once the sign-in is approved (made now, named after the device); nil when it is
    /// unknown, refused or expired.
    func take(pollToken: String, origin: SignInOrigin) async throws -> Answer? {
        switch try await credentials.takeDeviceSignIn(pollHash: SecretToken.hash(pollToken)) {
        case nil: return nil
        case .pending: return .pending
        case .approved(let userId, let deviceName):
            guard let user = try await accountService.accounts.user(id: userId) else { return nil }
            let created = try await accountService.createToken(for: user, name: deviceName, origin: origin)
            return .token(created.token, secret: created.secret)
        }
    }

    /// `BCDF-GHJK`: 20⁸ (25 billion) codes.
    static func newCode() -> String {
        let letters = (0..<8).map { _ in alphabet.randomElement()! }
        return String(letters[0..<4]) + "-" + String(letters[4..<8])
    }

    /// A code as a person may type it (lower case, without the dash, with spaces): as it is stored.
    static func normalized(_ typed: String) -> String {
        let letters = typed.uppercased().filter { alphabet.contains($0) }
        guard letters.count == 8 else { return String(letters) }
        return String(letters.prefix(4)) + "-" + String(letters.suffix(4))
    }
}
