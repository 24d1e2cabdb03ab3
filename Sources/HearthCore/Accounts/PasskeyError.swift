/// What went wrong with a passkey; the server maps each to an HTTP status in one place.
public enum PasskeyError: Error, Equatable, Sendable {
    /// A new passkey's answer was refused, with the reason.
    case notAdded(String)
    /// A passkey's answer did not sign in, with the reason.
    case notAccepted(String)
    /// A signed-in user's passkey answer did not confirm it is them, with the reason.
    case notConfirmed(String)
    /// A passkey's name is empty, too long or has control characters.
    case invalidName(String)
    /// No such passkey of the user's.
    case notFound
    /// Passkeys are added in a browser signed in with the password, not with an API token.
    case browserOnly

    public var message: String {
        switch self {
        case .notAdded(let reason): "The passkey was not added: \(reason). Try again."
        case .notAccepted(let reason), .notConfirmed(let reason): "That passkey did not work here: \(reason)."
        case .invalidName(let reason): "Passkey name \(reason)."
        case .notFound: "Not found."
        case .browserOnly: "Add passkeys in Settings → Security, in the browser of the device the passkey will live on, not with an API token."
        }
    }
}
