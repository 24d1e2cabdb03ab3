import Foundation
import HearthCore

/// Who a session or an API token belongs to, remembered for a few seconds so that an authenticated
/// request does not pay a database look-up (see ``ReadCache``; SQLite only). Anything that revokes a
/// credential or changes a user clears it. An SQLite change from another process (`hearth user
/// reset-password` beside a running server) waits for the lifetime.
public typealias CredentialCache = ReadCache<CredentialKey, User>

/// A credential, by the hash of its secret.
public struct CredentialKey: Hashable, Sendable {
    enum Kind: Sendable { case session, token }

    let kind: Kind
    let hash: String
}

extension CredentialCache {
    /// A cache of credentials: 5 seconds; more than 10,000 distinct credentials within them start it over.
    static func credentials(isOn: Bool) -> CredentialCache {
        CredentialCache(lifetime: 5, capacity: 10_000, isOn: isOn)
    }
}
