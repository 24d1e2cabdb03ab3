import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite struct CredentialStoreTests {
    let clock = VirtualClock()

    @Test(arguments: Backend.available)
    func sessionsExpireAfterThirtyIdleDays(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let credentials = CredentialStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            try await credentials.createSession(userId: ada.id, tokenHash: "s1")

            clock.advance(by: 29 * 24 * 3600)
            #expect(try await credentials.sessionUser(tokenHash: "s1")?.id == ada.id)
            // Use keeps the session alive for another 30 days.
            clock.advance(by: 29 * 24 * 3600)
            #expect(try await credentials.sessionUser(tokenHash: "s1")?.id == ada.id)
            clock.advance(by: 30 * 24 * 3600 + 1)
            #expect(try await credentials.sessionUser(tokenHash: "s1") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func passwordChangeEndsOtherSessions(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let credentials = CredentialStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            try await credentials.createSession(userId: ada.id, tokenHash: "laptop")
            try await credentials.createSession(userId: ada.id, tokenHash: "phone")
            try await credentials.deleteSessions(userId: ada.id, keeping: "laptop")
            #expect(try await credentials.sessionUser(tokenHash: "laptop")?.id == ada.id)
            #expect(try await credentials.sessionUser(tokenHash: "phone") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func tokensIdentifyTheirUserUntilRevoked(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let credentials = CredentialStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let token = try await credentials.createToken(userId: ada.id, name: "laptop", tokenHash: "t1")

            #expect(try await credentials.tokenUser(tokenHash: "t1")?.id == ada.id)
            #expect(try await credentials.tokens(userId: ada.id).first?.lastUsedAt == clock.now)
            #expect(try await credentials.deleteToken(id: token.id, userId: ada.id))
            #expect(try await credentials.tokenUser(tokenHash: "t1") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func aUserCannotRevokeAnotherUsersToken(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let credentials = CredentialStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let eve = try await accounts.register(name: "Eve", email: "eve@example.org", passwordHash: "h")
            let token = try await credentials.createToken(userId: ada.id, name: "laptop", tokenHash: "t1")
            #expect(try await credentials.deleteToken(id: token.id, userId: eve.id) == false)
            #expect(try await credentials.tokens(userId: eve.id).isEmpty)
            #expect(try await credentials.tokenUser(tokenHash: "t1")?.id == ada.id)
        }
    }

    @Test(arguments: Backend.available)
    func deletingAUserRemovesTheirSessionsAndTokens(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let credentials = CredentialStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            try await credentials.createSession(userId: ada.id, tokenHash: "s1")
            _ = try await credentials.createToken(userId: ada.id, name: "laptop", tokenHash: "t1")
            try await accounts.deleteUser(id: ada.id)
            #expect(try await credentials.sessionUser(tokenHash: "s1") == nil)
            #expect(try await credentials.tokenUser(tokenHash: "t1") == nil)
        }
    }
}
