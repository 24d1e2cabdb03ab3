import Foundation
import HearthCore

/// Limits failed sign-in attempts per email and per client address: 10 in 15 minutes each.
/// Kept in memory: a restart forgets counts, which only ever helps a legitimate user.
actor LoginThrottle {
    static let limit = 10
    static let window: TimeInterval = 15 * 60

    private let clock: any WallClock
    private var failures: [String: [Date]] = [:]

    init(clock: any WallClock) {
        self.clock = clock
    }

    /// Throws ``AccountError/tooManyAttempts(retryAfterSeconds:)`` when either key is over the limit.
    func check(email: String, address: String) throws(AccountError) {
        let now = clock.now
        for key in keys(email: email, address: address) {
            let recent = prune(key, now: now)
            if recent.count >= Self.limit, let oldest = recent.first {
                throw .tooManyAttempts(retryAfterSeconds: Int((oldest + Self.window).timeIntervalSince(now).rounded(.up)))
            }
        }
    }

    /// Records a failed attempt for both keys.
    func recordFailure(email: String, address: String) {
        let now = clock.now
        for key in keys(email: email, address: address) {
            failures[key] = prune(key, now: now) + [now]
        }
    }

    /// Forgets the failures of an email after a successful sign-in.
    func recordSuccess(email: String) {
        failures["email:" + AccountRules.normalizedEmail(email)] = nil
    }

    private func keys(email: String, address: String) -> [String] {
        ["email:" + AccountRules.normalizedEmail(email), "ip:" + address]
    }

    private func prune(_ key: String, now: Date) -> [Date] {
        let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < Self.window }
        failures[key] = recent.isEmpty ? nil : recent
        return recent
    }
}
