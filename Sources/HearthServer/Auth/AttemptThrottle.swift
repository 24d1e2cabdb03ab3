import Foundation
import HearthCore
import HearthStore

/// Limits sign-in and registration attempts so that guessing passwords or creating accounts in
/// bulk is slow, without letting anyone lock a person out of their own account:
///
/// - one email from one address: 10 failures in 15 minutes, then that pair waits (429);
/// - one email from anywhere: after 10 failures its attempts take turns, one every 2 seconds, so
///   guessing from many addresses crawls while the owner still signs in with the right password;
/// - one address for any email: after 30 failures its attempts take turns too, after 300 refused;
/// - registrations: `registrationsPerHour` per address (`HEARTH_REGISTRATIONS_PER_HOUR`, default 10);
/// - passkey sign-in challenges: 300 from one address in 15 minutes (each is a row kept 5 minutes;
///   every view of the sign-in page asks for one, for the autofill), as many as sign-ins;
/// - single sign-on: 300 starts and returns from one address in 15 minutes (each start is a row
///   kept 10 minutes), as many as sign-ins;
/// - password reset links: 10 asked for from one address in an hour (then 429), and at most 3
///   mailed to one address in an hour (more are quietly not sent, whoever asks);
/// - two-step codes: 10 wrong ones for one account in 15 minutes, from anywhere, then 429 (with 3
///   of a million codes good at a time, guessing gets nowhere; someone with the password can make
///   the owner wait, which they can end by changing the password).
///
/// An IPv6 client counts by its /64 network (one subscriber usually has all of it). An attempt is
/// counted when it starts, so parallel guesses cannot slip past a limit while bcrypt runs; a success
/// takes its count back. One server on SQLite counts in memory (a restart forgets); the servers of
/// a cluster count in their database, so alternating servers gains nothing (``AttemptLedger``).
struct AttemptThrottle: Sendable {
    struct Limit: Sendable {
        let count: Int
        let window: TimeInterval
    }

    static let pair = Limit(count: 10, window: 15 * 60)
    static let emailSlowdown = Limit(count: 10, window: 15 * 60)
    static let addressSlowdown = Limit(count: 30, window: 15 * 60)
    static let address = Limit(count: 300, window: 15 * 60)
    static let codes = Limit(count: 10, window: 15 * 60)
    static let resetRequests = Limit(count: 10, window: 3600)
    static let passkeyChallenges = Limit(count: 300, window: 15 * 60)
    static let resetMails = Limit(count: 3, window: 3600)
    static let hour: TimeInterval = 3600
    /// How far apart slowed-down attempts of one email or address are.
    static let slowdown: TimeInterval = 2
    /// The longest a slowed-down attempt waits for its turn; beyond it, 429.
    static let longestWait: TimeInterval = 30

    let clock: any WallClock
    let registrations: Limit
    let ledger: any AttemptLedger

    init(clock: any WallClock, registrationsPerHour: Int = ServerLimits().registrationsPerHour,
         ledger: any AttemptLedger = MemoryAttemptLedger()) {
        self.clock = clock
        self.registrations = Limit(count: registrationsPerHour, window: Self.hour)
        self.ledger = ledger
    }

    /// Counts a sign-in attempt. Throws ``AccountError/tooManyAttempts(retryAfterSeconds:)`` when
    /// this email from this address, or this address, is over its limit, or its turn is too far
    /// off; otherwise returns how long the attempt must wait before the password is checked.
    func beginSignIn(email: String, address: String) async throws -> Duration {
        let now = clock.now
        let keys = Self.signInKeys(email: email, address: address)
        return try await ledger.update([keys.pair, keys.email, keys.address], since: now - Self.hour) { book in
            try Self.check(book, keys.pair, Self.pair, now: now)
            try Self.check(book, keys.address, Self.address, now: now)
            var slowed: [String] = []
            if Self.recent(book, keys.email, Self.emailSlowdown, now: now).count >= Self.emailSlowdown.count { slowed.append(keys.email) }
            if Self.recent(book, keys.address, Self.addressSlowdown, now: now).count >= Self.addressSlowdown.count { slowed.append(keys.address) }
            // Slowed attempts take turns: parallel requests wait one after another, not side by side.
            let turn = slowed.map { max(book.turns[$0] ?? now, now) }.max() ?? now
            let wait = turn.timeIntervalSince(now)
            if wait > Self.longestWait { throw AccountError.tooManyAttempts(retryAfterSeconds: Int(wait.rounded(.up))) }
            for key in slowed { book.setTurn(key, to: turn + Self.slowdown) }
            for key in [keys.pair, keys.email, keys.address] { book.record(key, at: now) }
            return Duration.milliseconds(Int64(wait * 1000))
        }
    }

    /// A successful sign-in clears its pair and takes back its attempt from the email and the address.
    func signInSucceeded(email: String, address: String) async throws {
        let keys = Self.signInKeys(email: email, address: address)
        try await ledger.update([keys.pair, keys.email, keys.address], since: clock.now - Self.hour) { book in
            book.forget(keys.pair)
            book.takeBackLatest(keys.email)
            book.takeBackLatest(keys.address)
        }
    }

    /// Counts a try of a two-step code for the account `userId`, or throws when it had too many wrong ones.
    func beginCode(userId: UUID) async throws {
        let now = clock.now
        let key = "code:" + userId.text
        try await ledger.update([key], since: now - Self.hour) { book in
            try Self.check(book, key, Self.codes, now: now)
            book.record(key, at: now)
        }
    }

    /// A right code takes its count back.
    func codeSucceeded(userId: UUID) async throws {
        let key = "code:" + userId.text
        try await ledger.update([key], since: clock.now - Self.hour) { book in book.takeBackLatest(key) }
    }

    /// Counts a request for a reset link for `email` from `address`; throws when the address asked
    /// too often. Answers whether a mail may go to `email` (false once it had its share this hour).
    func beginPasswordReset(email: String, address: String) async throws -> Bool {
        let now = clock.now
        let client = "reset-ip:" + NetworkAddress.limitKey(address), mailbox = "reset:" + AccountRules.normalizedEmail(email)
        return try await ledger.update([client, mailbox], since: now - Self.hour) { book in
            try Self.check(book, client, Self.resetRequests, now: now)
            book.record(client, at: now)
            guard Self.recent(book, mailbox, Self.resetMails, now: now).count < Self.resetMails.count else { return false }
            book.record(mailbox, at: now)
            return true
        }
    }

    /// Counts a passkey sign-in challenge handed out to `address`, or throws when it had too many.
    func beginPasskeySignIn(address: String) async throws {
        let now = clock.now
        let key = "passkey:" + NetworkAddress.limitKey(address)
        try await ledger.update([key], since: now - Self.hour) { book in
            try Self.check(book, key, Self.passkeyChallenges, now: now)
            book.record(key, at: now)
        }
    }

    /// Counts a step of a sign-in through the identity provider (its start, and its return) from
    /// `address`, or throws when it had too many: as many as sign-ins from one address.
    func beginSingleSignOn(address: String) async throws {
        let now = clock.now
        let key = "sso:" + NetworkAddress.limitKey(address)
        try await ledger.update([key], since: now - Self.hour) { book in
            try Self.check(book, key, Self.address, now: now)
            book.record(key, at: now)
        }
    }

    /// Counts a registration from `address`, or throws when the address registered too many accounts.
    func beginRegistration(address: String) async throws {
        let now = clock.now
        let key = "register:" + NetworkAddress.limitKey(address)
        let limit = registrations
        try await ledger.update([key], since: now - Self.hour) { book in
            do { try Self.check(book, key, limit, now: now) } catch AccountError.tooManyAttempts(let seconds) {
                throw AccountError.tooManyRegistrations(retryAfterSeconds: seconds)
            }
            book.record(key, at: now)
        }
    }

    private static func signInKeys(email: String, address: String) -> (pair: String, email: String, address: String) {
        let email = AccountRules.normalizedEmail(email)
        let client = NetworkAddress.limitKey(address)
        return ("pair:\(email) \(client)", "email:" + email, "ip:" + client)
    }

    private static func check(_ book: AttemptBook, _ key: String, _ limit: Limit, now: Date) throws(AccountError) {
        let times = recent(book, key, limit, now: now)
        if times.count >= limit.count, let oldest = times.first {
            throw .tooManyAttempts(retryAfterSeconds: Int((oldest + limit.window).timeIntervalSince(now).rounded(.up)))
        }
    }

    private static func recent(_ book: AttemptBook, _ key: String, _ limit: Limit, now: Date) -> [Date] {
        (book.attempts[key] ?? []).filter { now.timeIntervalSince($0) < limit.window }
    }
}
