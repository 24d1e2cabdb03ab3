import Foundation
import HearthCore
import Testing
@testable import HearthServer

@Suite struct AttemptThrottleTests {
    let clock = VirtualClock()

    func fail(_ throttle: AttemptThrottle, _ times: Int, email: (Int) -> String, address: String) async throws {
        for index in 0..<times { _ = try await throttle.beginSignIn(email: email(index), address: address) }
    }

    @Test func guessingOneAccountBlocksOnlyTheGuessersAddress() async throws {
        let throttle = AttemptThrottle(clock: clock)
        try await fail(throttle, AttemptThrottle.pair.count, email: { _ in "ada@example.org" }, address: "203.0.113.9")
        // The guesser waits; Ada at home is slowed down but gets in; Bob next to the guesser is not affected.
        await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await throttle.beginSignIn(email: "ada@example.org", address: "203.0.113.9")
        }
        #expect(try await throttle.beginSignIn(email: "ADA@example.org", address: "198.51.100.7") == .zero)
        #expect(try await throttle.beginSignIn(email: "bob@example.org", address: "203.0.113.9") == .zero)
        clock.advance(by: AttemptThrottle.pair.window)
        #expect(try await throttle.beginSignIn(email: "ada@example.org", address: "203.0.113.9") == .zero)
    }

    @Test func oneAddressTryingManyAccountsIsSlowedThenRefused() async throws {
        let throttle = AttemptThrottle(clock: clock)
        try await fail(throttle, AttemptThrottle.addressSlowdown.count, email: { "user\($0)@example.org" }, address: "203.0.113.9")
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

    @Test func slowedAttemptsTakeTurnsInsteadOfWaitingSideBySide() async throws {
        let throttle = AttemptThrottle(clock: clock)
        try await fail(throttle, AttemptThrottle.emailSlowdown.count, email: { _ in "ada@example.org" }, address: "203.0.113.9")
        // Ten guesses at once from ten other addresses: each waits two seconds longer than the one before.
        var waits: [Duration] = []
        for index in 0..<10 { waits.append(try await throttle.beginSignIn(email: "ada@example.org", address: "198.51.100.\(index)")) }
        #expect(waits == (0..<10).map { .seconds(2 * $0) })
        // Beyond half a minute of turns, the answer is to come back later.
        for index in 10..<16 { _ = try await throttle.beginSignIn(email: "ada@example.org", address: "198.51.100.\(index)") }
        await #expect(throws: AccountError.self) { try await throttle.beginSignIn(email: "ada@example.org", address: "198.51.100.99") }
    }

    @Test func anIPv6ClientCountsByItsNetwork() async throws {
        let throttle = AttemptThrottle(clock: clock)
        for index in 0..<throttle.registrations.count { try await throttle.beginRegistration(address: "2001:db8:1:2::\(index + 1)") }
        await #expect(throws: AccountError.self) { try await throttle.beginRegistration(address: "2001:db8:1:2:ffff::1") }
        try await throttle.beginRegistration(address: "2001:db8:1:3::1")
    }

    @Test func aSuccessfulSignInTakesItsAttemptBack() async throws {
        let throttle = AttemptThrottle(clock: clock)
        try await fail(throttle, AttemptThrottle.pair.count - 1, email: { _ in "ada@example.org" }, address: "203.0.113.9")
        _ = try await throttle.beginSignIn(email: "ada@example.org", address: "203.0.113.9")
        await throttle.signInSucceeded(email: "ada@example.org", address: "203.0.113.9")
        #expect(try await throttle.beginSignIn(email: "ada@example.org", address: "203.0.113.9") == .zero)
    }

    @Test func registrationsAreLimitedPerAddress() async throws {
        let throttle = AttemptThrottle(clock: clock)
        for _ in 0..<throttle.registrations.count { try await throttle.beginRegistration(address: "203.0.113.9") }
        await #expect(throws: AccountError.tooManyRegistrations(retryAfterSeconds: 3600)) {
            try await throttle.beginRegistration(address: "203.0.113.9")
        }
        try await throttle.beginRegistration(address: "198.51.100.7")
        clock.advance(by: throttle.registrations.window)
        try await throttle.beginRegistration(address: "203.0.113.9")
    }
}
