import Foundation
import HearthCore

/// Limits sign-in and registration attempts so that guessing passwords or creating accounts in
/// bulk is slow, without letting anyone lock a person out of their own account:
///
/// - one email from one address: 10 failures in 15 minutes, then that pair waits (429);
/// - one email from anywhere: after 10 failures each further attempt is slowed down, so guessing
///   from many addresses crawls while the owner still signs in with the right password;
/// - one address for any email: after 30 failures its attempts are slowed down, after 300 refused;
/// - registrations: `registrationsPerHour` per address (`HEARTH_REGISTRATIONS_PER_HOUR`, default 10).
///
/// An attempt is counted when it starts, so parallel guesses cannot slip past a limit while bcrypt
/// runs; a success takes its count back. Kept in memory: a restart forgets counts.
actor AttemptThrottle {
    struct Limit: Sendable {
        let count: Int
        let window: TimeInterval
    }

    static let pair = Limit(count: 10, window: 15 * 60)
    static let emailSlowdown = Limit(count: 10, window: 15 * 60)
    static let addressSlowdown = Limit(count: 30, window: 15 * 60)
    static let address = Limit(count: 300, window: 15 * 60)
    static let hour: TimeInterval = 3600
    /// How long a slowed-down attempt waits before its password is checked.
    static let slowdown: Duration = .seconds(2)
    /// Beyond this many tracked keys, stale ones are swept so memory stays bounded.
    static let sweepThreshold = 10_000

    private let clock: any WallClock
    nonisolated let registrations: Limit
    private var attempts: [String: [Date]] = [:]

    init(clock: any WallClock, registrationsPerHour: Int = ServerLimits().registrationsPerHour) {
        self.clock = clock
        self.registrations = Limit(count: registrationsPerHour, window: Self.hour)
    }

    /// Counts a sign-in attempt. Throws ``AccountError/tooManyAttempts(retryAfterSeconds:)`` when
    /// this email from this address, or this address, is over its limit; otherwise returns how long
    /// the attempt must wait before the password is checked (zero unless slowed down).
    func beginSignIn(email: String, address: String) throws(AccountError) -> Duration {
        let now = clock.now
        let keys = Self.signInKeys(email: email, address: address)
        try check(keys.pair, Self.pair, now: now)
        try check(keys.address, Self.address, now: now)
        let slowed = recent(keys.email, Self.emailSlowdown, now: now).count >= Self.emailSlowdown.count
            || recent(keys.address, Self.addressSlowdown, now: now).count >= Self.addressSlowdown.count
        for key in [keys.pair, keys.email, keys.address] { record(key, now: now) }
        return slowed ? Self.slowdown : .zero
    }

    /// A successful sign-in clears its pair and takes back its attempt from the email and the address.
    func signInSucceeded(email: String, address: String) {
        let keys = Self.signInKeys(email: email, address: address)
        attempts[keys.pair] = nil
        for key in [keys.email, keys.address] where attempts[key]?.isEmpty == false {
            attempts[key]?.removeLast()
        }
    }

    /// Counts a registration from `address`, or throws when the address registered too many accounts.
    func beginRegistration(address: String) throws(AccountError) {
        let now = clock.now
        do { try check("register:" + address, registrations, now: now) } catch {
            if case .tooManyAttempts(let seconds) = error { throw .tooManyRegistrations(retryAfterSeconds: seconds) }
            throw error
        }
        record("register:" + address, now: now)
    }

    private static func signInKeys(email: String, address: String) -> (pair: String, email: String, address: String) {
        let email = AccountRules.normalizedEmail(email)
        return ("pair:\(email) \(address)", "email:" + email, "ip:" + address)
    }

    private func check(_ key: String, _ limit: Limit, now: Date) throws(AccountError) {
        let times = recent(key, limit, now: now)
        if times.count >= limit.count, let oldest = times.first {
            throw .tooManyAttempts(retryAfterSeconds: Int((oldest + limit.window).timeIntervalSince(now).rounded(.up)))
        }
    }

    private func recent(_ key: String, _ limit: Limit, now: Date) -> [Date] {
        (attempts[key] ?? []).filter { now.timeIntervalSince($0) < limit.window }
    }

    private func record(_ key: String, now: Date) {
        if attempts.count > Self.sweepThreshold { sweep(now: now) }
        let longest = Self.hour
        attempts[key] = (attempts[key] ?? []).filter { now.timeIntervalSince($0) < longest } + [now]
    }

    private func sweep(now: Date) {
        attempts = attempts.filter { $0.value.contains { now.timeIntervalSince($0) < Self.hour } }
    }
}
