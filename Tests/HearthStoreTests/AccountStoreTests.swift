import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite struct AccountStoreTests {
    let clock = VirtualClock()

    @Test(arguments: Backend.available)
    func registeringCreatesUserWithOwnHousehold(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let user = try await store.register(name: "Ada", email: "Ada@Example.org", passwordHash: "h")

            #expect(try await store.user(id: user.id) == user)
            let household = try #require(try await store.household(id: user.householdId))
            #expect(household.name == "Ada’s household")
            #expect(try await store.members(householdId: household.id).map(\.id) == [user.id])
        }
    }

    @Test(arguments: Backend.available)
    func emailIsUniqueIgnoringCase(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            _ = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            await #expect(throws: AccountError.emailTaken) {
                try await store.register(name: "Other", email: "ADA@example.ORG", passwordHash: "h")
            }
            // Nothing of the failed registration stays behind.
            let households = try await database.sql.select().column("id").from("households").all()
            #expect(households.count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func credentialsAreFoundByEmailInAnyCase(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let user = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "hash-1")
            let found = try #require(try await store.credentials(email: " ADA@EXAMPLE.org "))
            #expect(found.user.id == user.id)
            #expect(found.passwordHash == "hash-1")
            #expect(try await store.credentials(email: "nobody@example.org") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func profileUpdateRejectsAnotherUsersEmail(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            _ = try await store.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
            await #expect(throws: AccountError.emailTaken) {
                try await store.updateProfile(userId: ada.id, name: "Ada", email: "Bob@example.org", timeZone: "UTC")
            }
            try await store.updateProfile(userId: ada.id, name: "Ada L.", email: "ada@new.org", timeZone: "Europe/Berlin")
            let updated = try #require(try await store.user(id: ada.id))
            #expect(updated.name == "Ada L.")
            #expect(updated.email == "ada@new.org")
            #expect(updated.timeZone == "Europe/Berlin")
        }
    }

    @Test(arguments: Backend.available)
    func appearanceIsSaved(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            try await store.updateAppearance(userId: ada.id, Appearance(theme: .eink, accent: .ocean))
            #expect(try await store.user(id: ada.id)?.appearance == Appearance(theme: .eink, accent: .ocean))
        }
    }

    @Test(arguments: Backend.available)
    func deletingTheLastMemberDeletesTheHousehold(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            try await store.deleteUser(id: ada.id)
            #expect(try await store.user(id: ada.id) == nil)
            #expect(try await store.household(id: ada.householdId) == nil)
        }
    }
}
