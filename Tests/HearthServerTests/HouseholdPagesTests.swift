import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct HouseholdPagesTests {
    @Test func anInviteLinkLetsSomeoneJoin() async throws {
        try await withApp { client in
            // Setup
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let page = try await ada.post("/settings/household/invites")
            let path = try #require(page.text.firstMatch(of: /value="http:\/\/[^"]+(\/invite\/[A-Za-z0-9_-]+)"/)?.1)
            #expect(page.text.contains("<h3>Open invites</h3>"))
            let bob = WebUser(client)
            try await bob.register(name: "Bob", email: "bob@example.org")
            // Act
            let invitation = try await bob.get(String(path))
            #expect(invitation.text.contains("Join Ada’s household"))
            let joined = try await bob.post(String(path))
            // Check
            #expect(joined.status == .seeOther)
            let household = try await ada.get("/settings/household")
            #expect(household.text.contains("bob@example.org"))
            let reuse = try await WebUser(client).register(name: "Cy", email: "cy@example.org")
            #expect(reuse.status == .seeOther)
        }
    }

    @Test func aUsedInviteSaysSo() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let page = try await ada.post("/settings/household/invites")
            let path = String(try #require(page.text.firstMatch(of: /value="http:\/\/[^"]+(\/invite\/[A-Za-z0-9_-]+)"/)?.1))
            let bob = WebUser(client)
            try await bob.register(name: "Bob", email: "bob@example.org")
            try await bob.post(path)
            let cy = WebUser(client)
            try await cy.register(name: "Cy", email: "cy@example.org")
            let used = try await cy.post(path)
            #expect(used.status == .gone)
            #expect(used.text.contains("already been used"))
        }
    }

    @Test func anExpiredInviteSaysSo() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let page = try await ada.post("/settings/household/invites")
            let path = String(try #require(page.text.firstMatch(of: /value="http:\/\/[^"]+(\/invite\/[A-Za-z0-9_-]+)"/)?.1))
            clock.advance(by: 8 * 24 * 3600)
            let bob = WebUser(client)
            try await bob.register(name: "Bob", email: "bob@example.org")
            let expired = try await bob.post(path)
            #expect(expired.status == .gone)
            #expect(expired.text.contains("expired"))
            #expect(!(try await ada.get("/settings/household").text.contains("bob@example.org")))
        }
    }

    @Test func anUnknownInviteIsNotFound() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let response = try await user.get("/invite/not-a-real-invite")
            #expect(response.status == .notFound)
            #expect(response.text.contains("This invite link is not valid."))
        }
    }

    @Test func theOnlyMemberCannotLeave() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let response = try await user.post("/settings/household/leave")
            #expect(response.status == .conflict)
            #expect(response.text.contains("only member"))
        }
    }
}
