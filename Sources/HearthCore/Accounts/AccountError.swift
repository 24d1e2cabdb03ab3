/// What can go wrong with accounts, households, sessions and tokens.
/// Each case says what was wrong; the server maps them to HTTP statuses in one place.
public enum AccountError: Error, Equatable, Sendable {
    case invalidName(String)
    case invalidEmail(String)
    case passwordTooShort(minimum: Int)
    case passwordTooLong(maximumBytes: Int)
    case passwordHasControlCharacter
    case invalidTimeZone(String)
    case invalidTokenName(String)
    case emailTaken
    case wrongCredentials
    case wrongPassword
    case registrationClosed
    /// Only the identity provider signs people in here (`HEARTH_OIDC_ONLY`).
    case passwordSignInOff
    /// A program's sign-in through a browser was refused, expired or gave its token already.
    case deviceSignInGone
    case inviteNotFound
    case inviteExpired
    case inviteUsed
    case alreadyMember
    case lastMemberCannotLeave
    case onlyTheOwnerCanRemove
    case cannotRemoveYourself
    case tooManyAttempts(retryAfterSeconds: Int)
    case tooManyRegistrations(retryAfterSeconds: Int)
    case notFound
    case unauthenticated
    case invalidToken
    /// Two-step sign-in is on already; turning it off comes before setting up another secret.
    case twoStepAlreadyOn
    /// A code to confirm, but no secret set up to confirm.
    case twoStepNotSetUp
    /// The authenticator's code (or the recovery code) is not right, or was used already.
    case wrongCode
    /// Two-step sign-in is on and the sign-in came without a code.
    case codeNeeded
    /// The second step came after its first step's 5 minutes (or from elsewhere).
    case signInExpired
    /// The first code from the app, which turns two-step sign-in on, is not the right one.
    case setupCodeWrong
    /// The password or code that confirms a change of a signed-in user (turning two-step sign-in off) is wrong.
    case confirmationWrong
    /// What cannot be undone needs the user to have proved it is them within the last 10 minutes
    /// (signed in, or confirmed with the password or a code); this session has not.
    case confirmationNeeded
    /// A password reset link that is unknown, used already or past its 30 minutes.
    case resetLinkInvalid
    /// This server sends no mail (no `HEARTH_SMTP_URL`): its owner resets passwords.
    case mailUnavailable
    /// The inventory's lock is closed for this browser: the password (or a passkey) opens it.
    case inventoryLocked
    /// An inventory lock that is not one of the choices (minutes other than 0, 1, 5, 15, 60).
    case invalidInventoryLock

    /// A sentence for the person who caused it.
    /// The problem type (RFC 9457) of ``codeNeeded``: clients such as `hearth login` ask for the code.
    public static let codeNeededProblemType = "urn:hearth:problem:two-step-code-needed"
    /// The problem type (RFC 9457) of ``confirmationNeeded``: pages send people to confirm it is them.
    public static let confirmationNeededProblemType = "urn:hearth:problem:confirmation-needed"
    /// The problem type (RFC 9457) of ``inventoryLocked``: pages show the lock screen.
    public static let inventoryLockedProblemType = "urn:hearth:problem:inventory-locked"

    public var message: String {
        switch self {
        case .invalidName(let reason): "Name \(reason)."
        case .invalidEmail(let email): "“\(email)” is not an email address."
        case .passwordTooShort(let minimum): "Password must be at least \(minimum) characters."
        case .passwordTooLong(let maximum): "Password must be at most \(maximum) bytes."
        case .passwordHasControlCharacter: "Password must not contain control characters."
        case .invalidTimeZone(let zone): "“\(zone)” is not a known time zone."
        case .invalidTokenName(let reason): "Token name \(reason)."
        case .emailTaken: "An account with this email already exists."
        case .wrongCredentials: "Email or password is wrong."
        case .wrongPassword: "The current password is wrong."
        case .registrationClosed: "Registration is closed on this server. Ask its administrator for an account."
        case .passwordSignInOff: "Password sign-in is off on this server: sign in with its identity provider (the CLI: hearth login --browser)."
        case .deviceSignInGone: "This sign-in was refused, has expired, or gave its token already. Start again (hearth login --browser)."
        case .inviteNotFound: "This invite link is not valid."
        case .inviteExpired: "This invite link has expired. Ask for a new one."
        case .inviteUsed: "This invite link has already been used."
        case .alreadyMember: "You are already a member of this household."
        case .lastMemberCannotLeave: "You are the only member; delete your account instead of leaving."
        case .onlyTheOwnerCanRemove: "Only the household's owner (its longest member) can remove members."
        case .cannotRemoveYourself: "To go, leave the household instead."
        case .tooManyAttempts(let seconds):
            "Too many sign-in attempts. Try again in \(max(1, (seconds + 59) / 60)) minutes."
        case .tooManyRegistrations(let seconds):
            "Too many accounts were created from your network. Try again in \(max(1, (seconds + 59) / 60)) minutes."
        case .notFound: "Not found."
        case .unauthenticated: "Sign in first."
        case .invalidToken: "The API token is not valid or has been revoked. Create a new one in Settings → API tokens."
        case .twoStepAlreadyOn: "Two-step sign-in is on already. Turn it off first to set it up with another app."
        case .twoStepNotSetUp: "Set up two-step sign-in first: scan the QR code, then type the code your app shows."
        case .wrongCode: "That code is not right or was used already. Type the 6 digits your authenticator app shows now, or a recovery code."
        case .codeNeeded: "Two-step sign-in is on for this account: add the 6-digit code your authenticator app shows, or a recovery code."
        case .signInExpired: "This sign-in has expired (its second step is good for 5 minutes, in the browser that began it). Sign in again with your email and password."
        case .confirmationWrong: "That password or code is not right (or the code was used already)."
        case .resetLinkInvalid: "This reset link has expired or was used already (each works once, for 30 minutes). Ask for a new one."
        case .mailUnavailable: "This server does not send mail. Ask its owner to reset your password with “hearth user reset-password”."
        case .inventoryLocked: "The inventory is locked on this browser. Open it with your password."
        case .invalidInventoryLock: "Lock the inventory immediately, or after 1, 5, 15 or 60 minutes without use."
        case .confirmationNeeded: "Confirm it is you first: enter your password (or a code from your authenticator app) again. What cannot be undone asks for it when you signed in or confirmed more than 10 minutes ago."
        case .setupCodeWrong: "That is not the code the app shows for Hearth now. Check that you scanned this page's QR code, then type the current 6 digits."
        }
    }
}
