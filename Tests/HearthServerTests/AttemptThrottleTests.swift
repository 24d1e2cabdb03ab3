import Foundation
import HearthCore
import HearthStore
import Logging
import Testing
@testable import HearthServer

/// The limits on sign-in and registration attempts, counted in memory (one server on SQLite) and
/// in PostgreSQL (a cluster), where what one server counted counts on every other.
@Suite struct AttemptThrottleTests {

    let clock = VirtualClock()

    /// Runs `body` with a throttle counting in `ledger`, and (for the database) a second server's
    /// throttle counting in the same database: every test alternates between them.
    func withThrottles(_ ledger: Keeping, _ body: (_ first: AttemptThrottle, _ second: AttemptThrottle) async throws -> Void) async throws {
        switch ledger {
        case .inMemory:
            let throttle = AttemptThrottle(clock: clock)
            try await body(throttle, throttle)
        case .inDatabase:
            try await withPostgresDatabase { url in
                let first = try await Database.open(.postgres(url: url), logger: Logger(label: "test"))
                let second = try await Database.open(.postgres(url: url), logger: Logger(label: "test"))
                do {
                    try await body(AttemptThrottle(clock: clock, ledger: AttemptStore(database: first)),
                                   AttemptThrottle(clock: clock, ledger: AttemptStore(database: second)))
                } catch {
                    try? await first.close()
                    try? await second.close()
                    throw error
                }
                try await first.close()
                try await second.close()
            }
        }
    }

    /// Fails `times` sign-ins, every other one through `other`.
    func fail(_ throttle: AttemptThrottle, _ other: AttemptThrottle, _ times: Int, email: (Int) -> String, address: String) async throws {
        for index in 0..<times { _ = try await (index.isMultiple(of: 2) ? throttle : other).beginSignIn(email: email(index), address: address) }
    }

    @Test(arguments: Keeping.available)
    func guessingOneAccountBlocksOnlyTheGuessersAddress(ledger: Keeping) async throws {
        try await withThrottles(ledger) { throttle, other in
            try await fail(throttle, other, AttemptThrottle.pair.count, email: { _ in "ada@example.org" }, address: "203.0.113.9")
            // The guesser waits; Ada at home is slowed down but gets in; Bob next to the guesser is not affected.
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await throttle.beginSignIn(email: "ada@example.org", address: "203.0.113.9")
            }
            #expect(try await throttle.beginSignIn(email: "ADA@example.org", address: "198.51.100.7") == .zero)
            #expect(try await throttle.beginSignIn(email: "bob@example.org", address: "203.0.113.9") == .zero)
            clock.advance(by: AttemptThrottle.pair.window)
            #expect(try await throttle.beginSignIn(email: "ada@example.org", address: "203.0.113.9") == .zero)
        }
    }

    @Test(arguments: Keeping.available)
    func oneAddressTryingManyAccountsIsSlowedThenRefused(ledger: Keeping) async throws {
        try await withThrottles(ledger) { throttle, other in
            try await fail(throttle, other, AttemptThrottle.addressSlowdown.count, email: { "user\($0)@example.org" }, address: "203.0.113.9")
            #expect(try await throttle.beginSignIn(email: "new@example.org", address: "203.0.113.9") == .zero)
            #expect(try await throttle.beginSignIn(email: "next@example.org", address: "203.0.113.9") == .seconds(2))
            // Waiting turns: the clock moves on as the attempts come, two seconds apart.
            for index in 0..<(AttemptThrottle.address.count - AttemptThrottle.addressSlowdown.count - 2) {
                clock.advance(by: AttemptThrottle.slowdown)
                _ = try await throttle.beginSignIn(email: "more\(index)@example.org", address: "203.0.113.9")
            }
            await #expect(throws: AccountError.self) { try await throttle.beginSignIn(email: "last@example.org", address: "203.0.113.9") }
            #expect(try await throttle.beginSignIn(email: "last@example.org", address: "198.51.100.7") == .zero)
        }
    }

    @Test(arguments: Keeping.available)
    func slowedAttemptsTakeTurnsInsteadOfWaitingSideBySide(ledger: Keeping) async throws {
        try await withThrottles(ledger) { throttle, other in
            try await fail(throttle, other, AttemptThrottle.emailSlowdown.count, email: { _ in "ada@example.org" }, address: "203.0.113.9")
            // Ten guesses at once from ten other addresses: each waits two seconds longer than the one before.
            var waits: [Duration] = []
            for index in 0..<10 {
                waits.append(try await (index.isMultiple(of: 2) ? throttle : other).beginSignIn(email: "ada@example.org", address: "198.51.100.\(index)"))
            }
            #expect(waits == (0..<10).map { .seconds(2 * $0) })
            // Beyond half a minute of turns, the answer is to come back later.
            for index in 10..<16 { _ = try await throttle.beginSignIn(email: "ada@example.org", address: "198.51.100.\(index)") }
            await #expect(throws: AccountError.self) { try await throttle.beginSignIn(email: "ada@example.org", address: "198.51.100.99") }
        }
    }

    @Test(arguments: Keeping.available)
    func anIPv6ClientCountsByItsNetwork(ledger: Keeping) async throws {
        try await withThrottles(ledger) { throttle, other in
            for index in 0..<throttle.registrations.count {
                try await (index.isMultiple(of: 2) ? throttle : other).beginRegistration(address: "2001:db8:1:2::\(index + 1)")
            }
            await #expect(throws: AccountError.self) { try await throttle.beginRegistration(address: "2001:db8:1:2:ffff::1") }
            try await throttle.beginRegistration(address: "2001:db8:1:3::1")
        }
    }

    @Test(arguments: Keeping.available)
    func aSuccessfulSignInTakesItsAttemptBack(ledger: Keeping) async throws {
        try await withThrottles(ledger) { throttle, other in
            try await fail(throttle, other, AttemptThrottle.pair.count - 1, email: { _ in "ada@example.org" }, address: "203.0.113.9")
            _ = try await throttle.beginSignIn(email: "ada@example.org", address: "203.0.113.9")
            try await other.signInSucceeded(email: "ada@example.org", address: "203.0.113.9")
            #expect(try await throttle.beginSignIn(email: "ada@example.org", address: "203.0.113.9") == .zero)
        }
    }

    @Test(arguments: Keeping.available)
    func registrationsAreLimitedPerAddress(ledger: Keeping) async throws {
        try await withThrottles(ledger) { throttle, other in
            for index in 0..<throttle.registrations.count { try await (index.isMultiple(of: 2) ? throttle : other).beginRegistration(address: "203.0.113.9") }
            await #expect(throws: AccountError.tooManyRegistrations(retryAfterSeconds: 3600)) {
                try await throttle.beginRegistration(address: "203.0.113.9")
            }
            try await throttle.beginRegistration(address: "198.51.100.7")
            clock.advance(by: throttle.registrations.window)
            try await throttle.beginRegistration(address: "203.0.113.9")
        }
    }

    @Test(arguments: Keeping.available)
    func passkeySignInChallengesAndResetLinksAreLimited(ledger: Keeping) async throws {
        try await withThrottles(ledger) { throttle, other in
            for index in 0..<AttemptThrottle.passkeyChallenges.count {
                try await (index.isMultiple(of: 2) ? throttle : other).beginPasskeySignIn(address: "203.0.113.9")
            }
            await #expect(throws: AccountError.self) { try await throttle.beginPasskeySignIn(address: "203.0.113.9") }
            try await throttle.beginPasskeySignIn(address: "198.51.100.7")

            // Three mails to one address an hour, whoever asks; then quietly none.
            for address in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
                #expect(try await throttle.beginPasswordReset(email: "Ada@example.org", address: address))
            }
            #expect(try await other.beginPasswordReset(email: "ada@example.org", address: "203.0.113.4") == false)
            clock.advance(by: 3600)
            #expect(try await other.beginPasswordReset(email: "ada@example.org", address: "203.0.113.4"))
        }
    }
}
