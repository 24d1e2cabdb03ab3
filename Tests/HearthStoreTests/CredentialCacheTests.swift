import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// The in-memory cache of who a session or token belongs to: used for a few seconds, cleared by
/// every revocation and user change, and on PostgreSQL by the changes of other servers.
@Suite struct CredentialCacheTests {
    let clock = VirtualClock()

    func adaWithToken(_ database: Database) async throws -> (AccountStore, CredentialStore, User, APIToken) {
        let accounts = AccountStore(database: database, clock: clock)
        let credentials = CredentialStore(database: database, clock: clock)
        let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
        let token = try await credentials.createToken(userId: ada.id, name: "laptop", tokenHash: "t1")
        try await credentials.createSession(userId: ada.id, tokenHash: "s1")
        return (accounts, credentials, ada, token)
    }

    @Test func aLookUpIsRememberedForItsLifetimeOnly() async throws {
        try await withDatabase(.sqlite) { database in
            let (_, credentials, ada, _) = try await adaWithToken(database)
            #expect(try await credentials.tokenUser(tokenHash: "t1")?.id == ada.id)
            // Gone behind the store's back (as `hearth user reset-password` from another process would):
            // the cache answers until its lifetime is over, and not a moment longer.
            try await database.run("DELETE FROM api_tokens")
            clock.advance(by: database.credentialCache.lifetime - 0.5)
            #expect(try await credentials.tokenUser(tokenHash: "t1")?.id == ada.id)
            clock.advance(by: 1)
            #expect(try await credentials.tokenUser(tokenHash: "t1") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func revokingIsSeenOnTheVeryNextLookUp(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (accounts, credentials, ada, token) = try await adaWithToken(database)
            #expect(try await credentials.tokenUser(tokenHash: "t1")?.id == ada.id)
            #expect(try await credentials.sessionUser(tokenHash: "s1")?.id == ada.id)
            #expect(try await credentials.deleteToken(id: token.id, userId: ada.id))
            #expect(try await credentials.tokenUser(tokenHash: "t1") == nil)
            #expect(try await credentials.sessionUser(tokenHash: "s1")?.id == ada.id)

            try await credentials.deleteSession(tokenHash: "s1")
            #expect(try await credentials.sessionUser(tokenHash: "s1") == nil)

            _ = try await credentials.createToken(userId: ada.id, name: "phone", tokenHash: "t2")
            #expect(try await credentials.tokenUser(tokenHash: "t2")?.name == "Ada")
            try await accounts.updateProfile(userId: ada.id, name: "Ada L.", email: "ada@example.org", timeZone: "UTC")
            #expect(try await credentials.tokenUser(tokenHash: "t2")?.name == "Ada L.")
            try await accounts.deleteUser(id: ada.id)
            #expect(try await credentials.tokenUser(tokenHash: "t2") == nil)
        }
    }

    /// Two servers on one PostgreSQL database: what one revokes, the other refuses on the very
    /// next look-up, with no window (nothing is remembered on PostgreSQL).
    @Test func anotherServersRevocationIsSeenOnTheVeryNextLookUp() async throws {
        try await withTwoServers { first, second in
            let (_, credentials, ada, token) = try await adaWithToken(first)
            #expect(try await credentials.tokenUser(tokenHash: "t1")?.id == ada.id)
            #expect(try await credentials.sessionUser(tokenHash: "s1")?.id == ada.id)
            let other = CredentialStore(database: second, clock: clock)
            #expect(try await other.deleteToken(id: token.id, userId: ada.id))
            #expect(try await credentials.tokenUser(tokenHash: "t1") == nil)
            try await other.deleteSession(tokenHash: "s1")
            #expect(try await credentials.sessionUser(tokenHash: "s1") == nil)
        }
    }
}
