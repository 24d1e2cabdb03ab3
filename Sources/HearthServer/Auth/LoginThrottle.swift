import Foundation
import HearthCore

/// Limits sign-in attempts per email and per client address: 10 failures in 15 minutes each.
/// An attempt is counted when it starts, so parallel guesses cannot slip past the limit while
/// bcrypt runs; a success takes its count back. Kept in memory: a restart forgets counts.
actor LoginThrottle {
    static let limit = 10
    static let window: TimeInterval = 15 * 60
    /// Beyond this many tracked keys, stale ones are swept so memory stays bounded.
    static let sweepThreshold = 10_000

    private let clock: any WallClock
    private var attempts: [String: [Date]] = [:]

    init(clock: any WallClock) {
        self.clock = clock
    }

    /// Counts an attempt for the email and the address, or throws
    /// ``AccountError/tooManyAttempts(retryAfterSeconds:)`` when either is over the limit.
    func begin(email: String, address: String) throws(AccountError) {
        let now = clock.now
        if attempts.count > Self.sweepThreshold { sweep(now: now) }
        let keys = Self.keys(email: email, address: address)
        for key in keys {
            let recent = prune(key, now: now)
            if recent.count >= Self.limit, let oldest = recent.first {
                throw .tooManyAttempts(retryAfterSeconds: Int((oldest + Self.window).timeIntervalSince(now).rounded(.up)))
            }
        }
        for key in keys { attempts[key, default: []].append(now) }
    }

    /// A successful sign-in clears the email's count and takes back its attempt from the address.
    func succeeded(email: String, address: String) {
        let keys = Self.keys(email: email, address: address)
        attempts[keys[0]] = nil
        if var recent = attempts[keys[1]], !recent.isEmpty {
            recent.removeLast()
            attempts[keys[1]] = recent.isEmpty ? nil : recent
        }
    }

    private static func keys(email: String, address: String) -> [String] {
        ["email:" + AccountRules.normalizedEmail(email), "ip:" + address]
    }

    private func prune(_ key: String, now: Date) -> [Date] {
        let recent = (attempts[key] ?? []).filter { now.timeIntervalSince($0) < Self.window }
        attempts[key] = recent.isEmpty ? nil : recent
        return recent
    }

    private func sweep(now: Date) {
        for key in Array(attempts.keys) { _ = prune(key, now: now) }
    }
}
