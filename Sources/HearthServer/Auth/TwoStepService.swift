import Foundation
import HearthCore
import HearthStore

/// Two-step sign-in with an authenticator app (``TOTP``): setting it up, confirming it with a first
/// code, and checking the second step of a sign-in with an app's code or a recovery code. The
/// secret is kept sealed (``SecretBox``); recovery codes only as keyed hashes; each code counts once.
struct TwoStepService: Sendable {
    let credentials: CredentialStore
    let box: SecretBox
    let clock: any WallClock

    static let recoveryCodeCount = 10
    /// Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i).
    static let recoveryAlphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")

    /// What an authenticator app needs: the secret to type in, and the address its QR code carries.
    struct Setup: Sendable, Equatable {
        let secret: String
        let provisioningURL: String
    }

    /// A new secret, kept until a code from the app confirms it (a new setup replaces one not
    /// confirmed). Refused while two-step sign-in is on.
    func begin(for user: User) async throws -> Setup {
        guard try await !credentials.twoStep(userId: user.id).isOn else { throw AccountError.twoStepAlreadyOn }
        let totp = TOTP.generate()
        try await credentials.setPendingTwoStep(userId: user.id, sealedSecret: try box.seal(totp.base32Secret))
        return Setup(secret: totp.base32Secret, provisioningURL: totp.provisioningURL(account: user.email))
    }

    /// The setup begun and not confirmed yet (to show its QR code again); nil when there is none.
    func pending(for user: User) async throws -> Setup? {
        guard let sealed = try await credentials.twoStep(userId: user.id).sealedPendingSecret,
              let totp = try Self.totp(sealed, box: box)
        else { return nil }
        return Setup(secret: totp.base32Secret, provisioningURL: totp.provisioningURL(account: user.email))
    }

    /// Turns two-step sign-in on once `code` proves the app has the pending secret; answers the
    /// recovery codes, which are shown this once.
    func confirm(for user: User, code: String) async throws -> [String] {
        let state = try await credentials.twoStep(userId: user.id)
        if state.isOn { throw AccountError.twoStepAlreadyOn }
        guard let sealed = state.sealedPendingSecret, let totp = try Self.totp(sealed, box: box) else { throw AccountError.twoStepNotSetUp }
        guard let step = totp.matchingStep(of: code, at: clock.now, after: nil) else { throw AccountError.setupCodeWrong }
        let codes = (0..<Self.recoveryCodeCount).map { _ in Self.newRecoveryCode() }
        // Only the secret this code was checked against: a setup begun meanwhile elsewhere is not it.
        guard try await credentials.enableTwoStep(userId: user.id, pendingSecret: sealed, confirmedStep: step,
                                                  recoveryCodeHashes: codes.map { recoveryHash($0, userId: user.id) }) else {
            throw AccountError.twoStepNotSetUp
        }
        return codes
    }

    /// Whether the user's sign-in needs a second step.
    func isOn(userId: UUID) async throws -> Bool {
        try await credentials.twoStep(userId: userId).isOn
    }

    /// Completes a sign-in's second step with the app's 6 digits or a recovery code, each good once;
    /// throws ``AccountError/wrongCode`` otherwise.
    func verify(userId: UUID, code: String) async throws {
        let state = try await credentials.twoStep(userId: userId)
        guard let sealed = state.sealedSecret, let totp = try Self.totp(sealed, box: box) else { throw AccountError.wrongCode }
        let digits = code.filter { !$0.isWhitespace }
        if digits.count == TOTP.digits, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let step = totp.matchingStep(of: digits, at: clock.now, after: state.lastStep),
                  try await credentials.useTwoStepCode(userId: userId, step: step)
            else { throw AccountError.wrongCode }
        } else if try await !credentials.useRecoveryCode(userId: userId, hash: recoveryHash(code, userId: userId)) {
            throw AccountError.wrongCode
        }
    }

    func disable(userId: UUID) async throws {
        try await credentials.disableTwoStep(userId: userId)
    }

    /// "k7pm-x3qa": 8 characters (40 bits), in two groups to read and type.
    static func newRecoveryCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<8).map { _ in recoveryAlphabet.randomElement(using: &generator)! }
        return String(characters[0..<4]) + "-" + String(characters[4...])
    }

    /// The stored form of a user's recovery code, after case, dashes and spaces are dropped: keyed
    /// with the server's key, since 40 bits hashed plainly could be tried out from a database copy.
    func recoveryHash(_ code: String, userId: UUID) -> String {
        box.keyedHash("\(userId.text):\(code.lowercased().filter { $0.isLetter || $0.isNumber })", purpose: "recovery code")
    }

    private static func totp(_ sealed: String, box: SecretBox) throws -> TOTP? {
        Base32.decode(try box.open(sealed)).map { TOTP(secret: $0) }
    }
}
