import Foundation
import HearthCore
import Synchronization

/// Who a session or an API token belongs to, remembered for a few seconds so that an authenticated
/// request does not pay a database look-up.
///
/// Anything that revokes a credential or changes a user clears the whole cache before it returns
/// (``clear()``; the stores call it), so the very next request looks the secret up again. On
/// PostgreSQL, a server also clears it when another server (or the CLI) changes users, sessions or
/// tokens: triggers send a NOTIFY in the changing transaction and `Database.watchCredentials`
/// listens. A server that cannot listen does not use the cache at all. Only SQLite's changes from
/// another process (`hearth user reset-password` beside a running server) wait for ``lifetime``.
public final class CredentialCache: Sendable {
    /// How long a look-up is trusted without asking the database again.
    public static let lifetime: TimeInterval = 5
    /// More distinct credentials than this within ``lifetime`` start the cache over.
    static let capacity = 10_000

    enum Kind: Sendable { case session, token }

    struct Key: Hashable, Sendable {
        let kind: Kind
        let hash: String
    }

    private struct State {
        var entries: [Key: (user: User, expires: Date)] = [:]
        /// Bumped by every clear, so a look-up that raced a revocation does not store what it read.
        var generation = 0
        var enabled = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Starts trusting look-ups (the server does once it can hear every change).
    public func enable() {
        state.withLock { $0.enabled = true; $0.generation += 1; $0.entries.removeAll() }
    }

    /// Stops trusting look-ups and forgets them (the server's PostgreSQL listener was lost).
    public func disable() {
        state.withLock { $0.enabled = false; $0.generation += 1; $0.entries.removeAll() }
    }

    /// Forgets every look-up: a credential was revoked or a user changed.
    public func clear() {
        state.withLock { $0.generation += 1; $0.entries.removeAll(keepingCapacity: true) }
    }

    /// The user a credential belonged to less than ``lifetime`` ago.
    func user(_ key: Key, at now: Date) -> User? {
        state.withLock { state in
            guard state.enabled, let entry = state.entries[key], entry.expires > now else { return nil }
            return entry.user
        }
    }

    /// Whether look-ups are trusted now.
    var isEnabled: Bool { state.withLock { $0.enabled } }

    /// The generation to hand to ``store(_:for:at:generation:)`` after a look-up.
    var generation: Int { state.withLock { $0.generation } }

    /// Remembers a look-up, unless the cache was cleared since it began.
    func store(_ user: User, for key: Key, at now: Date, generation: Int) {
        state.withLock { state in
            guard state.enabled, state.generation == generation else { return }
            if state.entries.count >= Self.capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = (user, now + Self.lifetime)
        }
    }
}
