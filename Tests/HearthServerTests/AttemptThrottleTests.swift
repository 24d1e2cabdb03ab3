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
        #expect(try await throttle.beginSignIn(email: "ADA@example.org", address: "198.51.100.7") == AttemptThrottle.slowdown)
        #expect(try await throttle.beginSignIn(email: "bob@example.org", address: "203.0.113.9") == .zero)
        clock.advance(by: AttemptThrottle.pair.window)
        #expect(try await throttle.beginSignIn(email: "ada@example.org", address: "203.0.113.9") == .zero)
    }

    @Test func oneAddressTryingManyAccountsIsSlowedThenRefused() async throws {
        let throttle = AttemptThrottle(clock: clock)
        try await fail(throttle, AttemptThrottle.addressSlowdown.count, email: { "user\($0)@example.org" }, address: "203.0.113.9")
        #expect(try await throttle.beginSignIn(email: "new@example.org", address: "203.0.113.9") == AttemptThrottle.slowdown)
        try await fail(throttle, AttemptThrottle.address.count - AttemptThrottle.addressSlowdown.count - 1,
                       email: { "more\($0)@example.org" }, address: "203.0.113.9")
        await #expect(throws: AccountError.self) { try await throttle.beginSignIn(email: "last@example.org", address: "203.0.113.9") }
        #expect(try await throttle.beginSignIn(email: "last@example.org", address: "198.51.100.7") == .zero)
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
