import Foundation

/// The recent sign-in and registration attempts of a few keys (an email, a client address, the
/// pair of both) and when their next slowed-down attempt may go ahead, as a limit reads them; and
/// what it changes, which the ledger that lent the book then keeps.
public struct AttemptBook: Sendable, Equatable {
    /// One change a limit made.
    public enum Change: Sendable, Equatable {
        /// An attempt of `key` at a time.
        case record(String, at: Date)
        /// Takes back the latest attempt of `key` (a success).
        case takeBack(String)
        /// Forgets every attempt of `key`.
        case forget(String)
        /// The next slowed-down attempt of `key` may go ahead at a time.
        case turn(String, at: Date)
    }

    /// Each key's attempts since the time asked for, oldest first.
    public private(set) var attempts: [String: [Date]]
    public private(set) var turns: [String: Date]
    public private(set) var changes: [Change] = []

    public init(attempts: [String: [Date]], turns: [String: Date]) {
        self.attempts = attempts
        self.turns = turns
    }

    public mutating func record(_ key: String, at time: Date) {
        attempts[key, default: []].append(time)
        changes.append(.record(key, at: time))
    }

    public mutating func takeBackLatest(_ key: String) {
        guard attempts[key]?.isEmpty == false else { return }
        attempts[key]?.removeLast()
        changes.append(.takeBack(key))
    }

    public mutating func forget(_ key: String) {
        attempts[key] = nil
        changes.append(.forget(key))
    }

    public mutating func setTurn(_ key: String, to time: Date) {
        turns[key] = time
        changes.append(.turn(key, at: time))
    }
}
