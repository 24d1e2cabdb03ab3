import Foundation
import HearthCore
import HearthStore

/// The account rules that pages and the API share: registration, sign-in, tokens, passwords.
struct AccountService: Sendable {
    let accounts: AccountStore
    let credentials: CredentialStore
    let hasher: PasswordHasher
    let throttle: AttemptThrottle
    let registrationOpen: Bool
    /// False when only the identity provider signs people in (`HEARTH_OIDC_ONLY`): signing in and
    /// registering with a password (or a passkey) are refused; API tokens made before still work.
    let passwordSignIn: Bool
    /// Verified when the email is unknown so that timing does not reveal which emails exist.
    let decoyHash: String
    /// The second step of a sign-in, for accounts that turned it on.
    let twoStep: TwoStepService

    /// Validates and creates an account with its own household. `address` is the client's, for the
    /// registration limit; nil for accounts an administrator creates.
    func register(
        name: String, email: String, password: String, timeZone: String? = nil, address: String?,
        bypassClosedRegistration: Bool = false
    ) async throws -> User {
        if !passwordSignIn && !bypassClosedRegistration { throw AccountError.passwordSignInOff }
        if !registrationOpen && !bypassClosedRegistration { throw AccountError.registrationClosed }
        let name = try AccountRules.name(name)
        let email = try AccountRules.email(email)
        try AccountRules.password(password)
        let zone = try timeZone.map { try AccountRules.timeZone($0) }
        if let address { try await throttle.beginRegistration(address: address) }
        return try await accounts.register(name: name, email: email, passwordHash: try await hasher.hash(password), timeZone: zone)
    }

    /// Takes the zone of the device the user signs in from while the account has none set (it was
    /// created without one, e.g. by an administrator); a zone set before is kept, and the pages
    /// offer to switch instead. Zones that only say "UTC" (servers, containers) are not taken.
    func adoptDeviceTimeZone(_ user: User, device: String?) async throws -> User {
        guard let zone = AccountRules.deviceTimeZone(device), !AccountRules.isUniversal(zone),
              try await accounts.adoptTimeZone(userId: user.id, zone)
        else { return user }
        var updated = user
        updated.timeZone = zone
        return updated
    }

    /// Saves a time zone chosen by the user.
    func updateTimeZone(_ user: User, _ timeZone: String) async throws {
        try await accounts.updateTimeZone(userId: user.id, try AccountRules.timeZone(timeZone))
    }

    /// Signs in in one step (API tokens, the CLI): email, password and, with two-step sign-in on,
    /// the app's code or a recovery code — without it ``AccountError/codeNeeded``.
    func authenticate(email: String, password: String, code: String? = nil, address: String) async throws -> User {
        let user = try await checkPassword(email: email, password: password, address: address)
        if try await twoStep.isOn(userId: user.id) {
            guard let code, !code.allSatisfy(\.isWhitespace) else { throw AccountError.codeNeeded }
            try await checkCode(code, for: user)
        }
        return user
    }

    /// Throws unless people may sign in with a password or passkey here.
    func requirePasswordSignIn() throws(AccountError) {
        guard passwordSignIn else { throw .passwordSignInOff }
    }

    /// How a page's sign-in with the right password goes on.
    enum SignIn {
        case signedIn(User)
        /// The second step's form carries this sealed ``SignInTicket``.
        case needsCode(ticket: String)
    }

    /// A page's first step: signed in, or on to the code with a ticket that stands for the password
    /// in the browser whose CSRF token is `browser`.
    func beginSignIn(email: String, password: String, address: String, browser: String) async throws -> SignIn {
        try requirePasswordSignIn()
        let user = try await checkPassword(email: email, password: password, address: address)
        guard try await twoStep.isOn(userId: user.id) else { return .signedIn(user) }
        let ticket = SignInTicket(userId: user.id, browser: browser, expiresAt: twoStep.clock.now + SignInTicket.lifetime)
        return .needsCode(ticket: try ticket.sealed(with: twoStep.box))
    }

    /// A page's second step: the first step's ticket, in the same browser, and a code.
    func finishSignIn(ticket: String, code: String, browser: String) async throws -> User {
        let pending = try SignInTicket.open(ticket, with: twoStep.box, browser: browser, now: twoStep.clock.now)
        guard let user = try await accounts.user(id: pending.userId) else { throw AccountError.signInExpired }
        try await checkCode(code, for: user)
        return user
    }

    /// The user of `email` if `password` is theirs. Each try counts towards the sign-in limits; the
    /// right password takes its count back (a second step's codes have a limit of their own).
    func checkPassword(email: String, password: String, address: String) async throws -> User {
        let delay = try await throttle.beginSignIn(email: email, address: address)
        if delay > .zero { try await Task.sleep(for: delay) }
        let found = try await accounts.credentials(email: email)
        let valid = try await hasher.verify(password, hash: found?.passwordHash ?? decoyHash)
        guard valid, let user = found?.user else { throw AccountError.wrongCredentials }
        // A count not taken back (the database did not answer) is no reason to refuse the right password.
        try? await throttle.signInSucceeded(email: email, address: address)
        return user
    }

    /// Checks the app's code or a recovery code of `user`, within the account's limit of wrong codes.
    func checkCode(_ code: String, for user: User) async throws {
        try await throttle.beginCode(userId: user.id)
        try await twoStep.verify(userId: user.id, code: code)
        try? await throttle.codeSucceeded(userId: user.id)
    }

    /// Starts a page session and returns its secret (for the cookie).
    func startSession(for user: User, origin: SignInOrigin) async throws -> String {
        let secret = SecretToken.generate()
        try await credentials.createSession(userId: user.id, tokenHash: SecretToken.hash(secret), origin: origin)
        return secret
    }

    /// Creates a named API token and returns it with its secret, which is shown only this once.
    func createToken(for user: User, name: String, origin: SignInOrigin) async throws -> (token: APIToken, secret: String) {
        let name = try AccountRules.tokenName(name)
        let secret = SecretToken.generate(prefix: "hth_")
        let token = try await credentials.createToken(userId: user.id, name: name, tokenHash: SecretToken.hash(secret), origin: origin)
        return (token, secret)
    }

    /// Changes the password after checking the current one; other sessions of the user end.
    func changePassword(for user: User, current: String, new: String, keepingSession sessionHash: String?) async throws {
        guard let stored = try await accounts.passwordHash(userId: user.id),
              try await hasher.verify(current, hash: stored)
        else { throw AccountError.wrongPassword }
        try AccountRules.password(new)
        try await accounts.setPasswordHash(userId: user.id, try await hasher.hash(new))
        try await credentials.deleteSessions(userId: user.id, keeping: sessionHash)
    }

    /// Sets a new password without the old one (administrators, through the CLI). A reset usually
    /// follows a lost or leaked password, so every session and API token of the user ends too.
    func resetPassword(email: String, new: String) async throws {
        guard let found = try await accounts.credentials(email: email) else { throw AccountError.notFound }
        try AccountRules.password(new)
        try await accounts.setPasswordHash(userId: found.user.id, try await hasher.hash(new))
        try await credentials.deleteSessions(userId: found.user.id, keeping: nil)
        try await credentials.deleteTokens(userId: found.user.id)
        // The server's owner resets a password for someone locked out: a lost phone is the likely reason.
        try await twoStep.disable(userId: found.user.id)
    }

    /// Deletes the account after checking its password.
    func deleteAccount(_ user: User, password: String) async throws {
        guard let stored = try await accounts.passwordHash(userId: user.id),
              try await hasher.verify(password, hash: stored)
        else { throw AccountError.wrongPassword }
        try await accounts.deleteUser(id: user.id)
    }

    /// Saves name, email and time zone after validating them.
    func updateProfile(_ user: User, name: String, email: String, timeZone: String) async throws {
        try await accounts.updateProfile(
            userId: user.id, name: try AccountRules.name(name), email: try AccountRules.email(email),
            timeZone: try AccountRules.timeZone(timeZone)
        )
    }
}
