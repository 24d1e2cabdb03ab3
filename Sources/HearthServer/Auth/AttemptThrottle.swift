import Foundation
import HearthCore

/// Limits sign-in and registration attempts so that guessing passwords or creating accounts in
/// bulk is slow, without letting anyone lock a person out of their own account:
///
/// - one email from one address: 10 failures in 15 minutes, then that pair waits (429);
/// - one email from anywhere: after 10 failures its attempts take turns, one every 2 seconds, so
///   guessing from many addresses crawls while the owner still signs in with the right password;
/// - one address for any email: after 30 failures its attempts take turns too, after 300 refused;
/// - registrations: `registrationsPerHour` per address (`HEARTH_REGISTRATIONS_PER_HOUR`, default 10).
///
/// An IPv6 client counts by its /64 network (one subscriber usually has all of it). An attempt is
/// counted when it starts, so parallel guesses cannot slip past a limit while bcrypt runs; a success
/// takes its count back. Kept in memory: a restart forgets counts.
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
    /// How far apart slowed-down attempts of one email or address are.
    static let slowdown: TimeInterval = 2
    /// The longest a slowed-down attempt waits for its turn; beyond it, 429.
    static let longestWait: TimeInterval = 30
    /// Stale keys are swept at most this often, once there are many.
    static let sweepThreshold = 10_000
    static let sweepInterval: TimeInterval = 60

    private let clock: any WallClock
    nonisolated let registrations: Limit
    private var attempts: [String: [Date]] = [:]
    /// When the next slowed-down attempt of an email or address may go ahead.
    private var turns: [String: Date] = [:]
    private var lastSweep = Date.distantPast

    init(clock: any WallClock, registrationsPerHour: Int = ServerLimits().registrationsPerHour) {
        self.clock = clock
        self.registrations = Limit(count: registrationsPerHour, window: Self.hour)
    }

    /// Counts a sign-in attempt. Throws ``AccountError/tooManyAttempts(retryAfterSeconds:)`` when
    /// this email from this address, or this address, is over its limit, or its turn is too far
    /// off; otherwise returns how long the attempt must wait before the password is checked.
    func beginSignIn(email: String, address: String) throws(AccountError) -> Duration {
        let now = clock.now
        let keys = Self.signInKeys(email: email, address: address)
        try check(keys.pair, Self.pair, now: now)
        try check(keys.address, Self.address, now: now)
        var slowed: [String] = []
        if recent(keys.email, Self.emailSlowdown, now: now).count >= Self.emailSlowdown.count { slowed.append(keys.email) }
        if recent(keys.address, Self.addressSlowdown, now: now).count >= Self.addressSlowdown.count { slowed.append(keys.address) }
        // Slowed attempts take turns: parallel requests wait one after another, not side by side.
        let turn = slowed.map { max(turns[$0] ?? now, now) }.max() ?? now
        let wait = turn.timeIntervalSince(now)
        if wait > Self.longestWait { throw .tooManyAttempts(retryAfterSeconds: Int(wait.rounded(.up))) }
        for key in slowed { turns[key] = turn + Self.slowdown }
        for key in [keys.pair, keys.email, keys.address] { record(key, now: now) }
        return .milliseconds(Int64(wait * 1000))
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
        let key = "register:" + NetworkAddress.limitKey(address)
        do { try check(key, registrations, now: now) } catch {
            if case .tooManyAttempts(let seconds) = error { throw .tooManyRegistrations(retryAfterSeconds: seconds) }
            throw error
        }
        record(key, now: now)
    }

    private static func signInKeys(email: String, address: String) -> (pair: String, email: String, address: String) {
        let email = AccountRules.normalizedEmail(email)
        let client = NetworkAddress.limitKey(address)
        return ("pair:\(email) \(client)", "email:" + email, "ip:" + client)
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
        if attempts.count > Self.sweepThreshold && now.timeIntervalSince(lastSweep) > Self.sweepInterval { sweep(now: now) }
        attempts[key] = (attempts[key] ?? []).filter { now.timeIntervalSince($0) < Self.hour } + [now]
    }

    private func sweep(now: Date) {
        lastSweep = now
        attempts = attempts.filter { $0.value.contains { now.timeIntervalSince($0) < Self.hour } }
        turns = turns.filter { $0.value > now }
    }
}
