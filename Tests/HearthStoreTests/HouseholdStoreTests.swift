import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite struct HouseholdStoreTests {
    let clock = VirtualClock()

    @Test(arguments: Backend.available)
    func acceptingAnInviteMovesTheUserAndRemovesTheirEmptyHousehold(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            // Setup
            let store = AccountStore(database: database, clock: clock)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            clock.advance(by: 60)
            let bob = try await store.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
            _ = try await store.createInvite(householdId: ada.householdId, createdBy: ada.id, tokenHash: "secret")
            // Act
            let joined = try await store.acceptInvite(tokenHash: "secret", userId: bob.id)
            // Check
            #expect(joined.id == ada.householdId)
            #expect(try await store.members(householdId: ada.householdId).map(\.id) == [ada.id, bob.id])
            #expect(try await store.household(id: bob.householdId) == nil)
        }
    }

    @Test(arguments: Backend.available)
    func theLongestMemberOwnsTheHouseholdAndRemovesOthers(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            // Setup: Bob's account is older than Ada's, but Ada's household is the one they share.
            let store = AccountStore(database: database, clock: clock)
            let bob = try await store.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
            clock.advance(by: 60)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let cy = try await store.register(name: "Cy", email: "cy@example.org", passwordHash: "h")
            for (user, secret) in [(bob, "one"), (cy, "two")] {
                clock.advance(by: 60)
                _ = try await store.createInvite(householdId: ada.householdId, createdBy: ada.id, tokenHash: secret)
                _ = try await store.acceptInvite(tokenHash: secret, userId: user.id)
            }
            #expect(try await store.members(householdId: ada.householdId).map(\.name) == ["Ada", "Bob", "Cy"])
            // Act and check
            await #expect(throws: AccountError.onlyTheOwnerCanRemove) { try await store.removeMember(cy.id, by: bob.id) }
            await #expect(throws: AccountError.cannotRemoveYourself) { try await store.removeMember(ada.id, by: ada.id) }
            _ = try await store.createInvite(householdId: ada.householdId, createdBy: bob.id, tokenHash: "bobs-way-back")
            try await store.removeMember(bob.id, by: ada.id)
            await #expect(throws: AccountError.inviteNotFound, "a removed member's own invites go with them") {
                try await store.acceptInvite(tokenHash: "bobs-way-back", userId: bob.id)
            }
            #expect(try await store.members(householdId: ada.householdId).map(\.name) == ["Ada", "Cy"])
            let bobNow = try #require(try await store.user(id: bob.id))
            #expect(bobNow.householdId != ada.householdId)
            await #expect(throws: AccountError.notFound) { try await store.removeMember(cy.id, by: bob.id) }
            // The owner leaves: the next longest member owns the household.
            _ = try await store.leaveHousehold(userId: ada.id)
            #expect(try await store.members(householdId: ada.householdId).map(\.name) == ["Cy"])
        }
    }

    @Test(arguments: Backend.available)
    func anInviteWorksOnlyOnce(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let bob = try await store.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
            let cy = try await store.register(name: "Cy", email: "cy@example.org", passwordHash: "h")
            _ = try await store.createInvite(householdId: ada.householdId, createdBy: ada.id, tokenHash: "secret")
            _ = try await store.acceptInvite(tokenHash: "secret", userId: bob.id)
            await #expect(throws: AccountError.inviteUsed) { try await store.acceptInvite(tokenHash: "secret", userId: cy.id) }
            #expect(try await store.user(id: cy.id)?.householdId == cy.householdId)
        }
    }

    @Test(arguments: Backend.available)
    func anInviteExpiresAfterSevenDays(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let bob = try await store.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
            _ = try await store.createInvite(householdId: ada.householdId, createdBy: ada.id, tokenHash: "secret")
            clock.advance(by: 7 * 24 * 3600 + 1)
            await #expect(throws: AccountError.inviteExpired) { try await store.acceptInvite(tokenHash: "secret", userId: bob.id) }
            #expect(try await store.openInvites(householdId: ada.householdId).isEmpty)
            #expect(try await store.user(id: bob.id)?.householdId == bob.householdId)
        }
    }

    @Test(arguments: Backend.available)
    func unknownAndOwnInvitesAreRefused(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            _ = try await store.createInvite(householdId: ada.householdId, createdBy: ada.id, tokenHash: "secret")
            await #expect(throws: AccountError.inviteNotFound) { try await store.acceptInvite(tokenHash: "nope", userId: ada.id) }
            await #expect(throws: AccountError.alreadyMember) { try await store.acceptInvite(tokenHash: "secret", userId: ada.id) }
            #expect(try await store.openInvites(householdId: ada.householdId).count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func aMemberCanLeaveButNotTheLastOne(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let bob = try await store.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
            _ = try await store.createInvite(householdId: ada.householdId, createdBy: ada.id, tokenHash: "secret")
            _ = try await store.acceptInvite(tokenHash: "secret", userId: bob.id)

            let own = try await store.leaveHousehold(userId: bob.id)

            #expect(try await store.user(id: bob.id)?.householdId == own.id)
            #expect(try await store.members(householdId: ada.householdId).map(\.id) == [ada.id])
            await #expect(throws: AccountError.lastMemberCannotLeave) { try await store.leaveHousehold(userId: ada.id) }
        }
    }

    @Test(arguments: Backend.available)
    func invitesAreScopedToTheirHousehold(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = AccountStore(database: database, clock: clock)
            let ada = try await store.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let eve = try await store.register(name: "Eve", email: "eve@example.org", passwordHash: "h")
            let invite = try await store.createInvite(householdId: ada.householdId, createdBy: ada.id, tokenHash: "secret")
            #expect(try await store.openInvites(householdId: eve.householdId).isEmpty)
            #expect(try await store.deleteInvite(id: invite.id, householdId: eve.householdId) == false)
            #expect(try await store.deleteInvite(id: invite.id, householdId: ada.householdId) == true)
        }
    }
}
