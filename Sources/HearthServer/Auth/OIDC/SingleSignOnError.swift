import Foundation

/// Why a sign-in through the identity provider did not sign anyone in. Each says what happened and
/// what to do; none carries a token or a code, so each may be logged and shown.
enum SingleSignOnError: Error, Equatable {
    /// Single sign-on is not configured on this server.
    case notConfigured
    /// The provider's discovery document, keys or token endpoint did not answer as they should.
    case providerUnreachable(String)
    /// The provider sent the person back with an error of its own (they cancelled, or it refused).
    case providerRefused(String)
    /// The state is unknown, used already, expired, or from a sign-in begun in another browser.
    case unknownState
    /// The token endpoint refused the code (used already, expired, or not for this client).
    case codeRefused(String)
    /// The ID token's signature, issuer, audience, times or nonce are wrong.
    case badToken(String)
    /// The provider gave no email, which an account needs.
    case noEmail
    /// The provider does not say the email is verified: no account is linked to it or made with it.
    case unverifiedEmail(String)
    /// A new person, registration is closed and none of their groups is allowed.
    case notAllowed(groups: [String])
    /// The linking form's ticket is not this browser's or has expired.
    case linkExpired
    /// The email the provider gives is taken by an account linked to another identity.
    case emailTaken
    /// Confirming it is you: the identity the provider signed in is not linked to this account.
    case notLinked
    /// Confirming it is you: the provider passed on an earlier sign-in instead of asking again.
    case notFresh
    /// Linking: the identity is linked to another account already.
    case linkedElsewhere

    var title: String {
        switch self {
        case .notConfigured: "Single sign-on is off"
        case .providerUnreachable: "The sign-in service did not answer"
        case .providerRefused: "The sign-in service did not sign you in"
        case .unknownState, .linkExpired: "This sign-in has expired"
        case .codeRefused, .badToken: "The sign-in could not be checked"
        case .noEmail: "No email from the sign-in service"
        case .unverifiedEmail: "Your email is not verified"
        case .notAllowed: "This Hearth is not open to you"
        case .emailTaken: "This email belongs to another account"
        case .notLinked: "That is another account"
        case .notFresh: "The sign-in service did not ask again"
        case .linkedElsewhere: "Linked to another account already"
        }
    }

    /// What happened and what to do.
    var message: String {
        switch self {
        case .notConfigured:
            "This server signs people in with their email and password; it has no identity provider configured."
        case .providerUnreachable:
            "Hearth could not reach the identity provider. Try again in a minute; if it goes on, tell whoever runs this server "
                + "(its log says what went wrong)."
        case .providerRefused(let detail):
            "The identity provider said: \(detail). Start again from the sign-in page."
        case .unknownState:
            "The sign-in was begun more than 10 minutes ago, in another browser, or was finished already. Start again from the sign-in page."
        case .linkExpired:
            "The form to link your account was open for more than 10 minutes, or came from another browser. Start again from the sign-in page."
        case .codeRefused(let detail):
            "The identity provider refused the sign-in's code (\(detail)); a code works once and for a few minutes. Start again from the sign-in page."
        case .badToken(let detail):
            "The identity provider's answer did not pass Hearth's checks (\(detail)), so nobody was signed in. Start again; if it goes on, "
                + "tell whoever runs this server: the provider's keys or clock may be wrong."
        case .noEmail:
            "The identity provider did not say what your email is. Whoever runs this server must let Hearth ask for the email scope."
        case .unverifiedEmail(let email):
            "The identity provider does not say that \(email) is yours (verified), so Hearth neither links it to an account nor makes "
                + "one with it. Verify it at the identity provider, or sign in with your password."
        case .notAllowed(let groups):
            "Registration is closed here, and your account at the identity provider is in none of the groups allowed to join"
                + (groups.isEmpty ? "." : " (yours: \(groups.joined(separator: ", "))).") + " Ask whoever runs this server to add you."
        case .emailTaken:
            "An account with this email is linked to another identity at the provider. Sign in with your password, or ask whoever runs this server."
        case .notLinked:
            "The identity provider signed in someone whose account is not the one signed in here, so nothing was confirmed. "
                + "Sign in at the provider as yourself and confirm again."
        case .notFresh:
            "The identity provider passed on an earlier sign-in instead of asking you again, so nothing was confirmed. "
                + "Confirm with your password, or sign out at the provider and try again."
        case .linkedElsewhere:
            "Your identity at the provider is linked to another account here already, so nothing was linked. Sign in with it instead."
        }
    }

    /// What the log says besides the failure's name: what did not answer (never a token, code or state).
    var logDetail: String? {
        if case .providerUnreachable(let detail) = self { return detail }
        return nil
    }

    /// What the failure is called in the log (never with a token, code or state).
    var logName: String {
        switch self {
        case .notConfigured: "not configured"
        case .providerUnreachable: "provider unreachable"
        case .providerRefused: "provider refused"
        case .unknownState: "unknown state"
        case .linkExpired: "link expired"
        case .codeRefused: "code refused"
        case .badToken: "bad ID token"
        case .noEmail: "no email"
        case .unverifiedEmail: "unverified email"
        case .notAllowed: "not allowed"
        case .emailTaken: "email taken"
        case .notLinked: "not linked"
        case .notFresh: "not fresh"
        case .linkedElsewhere: "linked elsewhere"
        }
    }
}
