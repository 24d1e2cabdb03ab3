import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// Password reset links: each works once, for 30 minutes, and a newer one replaces it.
@Suite struct PasswordResetStoreTests {
    let clock = VirtualClock()

    func ada(_ database: Database) async throws -> (CredentialStore, UUID) {
        let user = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
        return (CredentialStore(database: database, clock: clock), user.id)
    }

    @Test(arguments: Backend.available)
    func aLinkWorksOnceAndOnlyForItsThirtyMinutes(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (credentials, ada) = try await ada(database)
            try await credentials.createPasswordReset(userId: ada, tokenHash: "first")
            try await credentials.createPasswordReset(userId: ada, tokenHash: "second")
            #expect(try await credentials.passwordResetUser(tokenHash: "first") == nil, "a newer link replaces it")
            #expect(try await credentials.passwordResetUser(tokenHash: "second") == ada)
            #expect(try await credentials.usePasswordReset(tokenHash: "second") == ada)
            #expect(try await credentials.usePasswordReset(tokenHash: "second") == nil)
            #expect(try await credentials.passwordResetUser(tokenHash: "unknown") == nil)

            try await credentials.createPasswordReset(userId: ada, tokenHash: "late")
            clock.advance(by: 30 * 60)
            #expect(try await credentials.usePasswordReset(tokenHash: "late") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func ofTwoUsesAtOnceOneWins(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (credentials, ada) = try await ada(database)
            try await credentials.createPasswordReset(userId: ada, tokenHash: "link")
            let winners = try await withThrowingTaskGroup(of: UUID?.self) { group in
                for _ in 0..<4 { group.addTask { try await credentials.usePasswordReset(tokenHash: "link") } }
                return try await group.reduce(into: [UUID]()) { found, winner in if let winner { found.append(winner) } }
            }
            #expect(winners == [ada])
        }
    }
}
