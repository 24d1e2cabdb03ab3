import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Inviting from the invitee's side, and the owner removing a member.
@Suite struct HouseholdMembersTests {
    func invitePath(of user: WebUser) async throws -> String {
        let page = try await user.post("/settings/household/invites")
        return String(try #require(page.text.firstMatch(of: /value="http:\/\/[^"]+(\/invite\/[A-Za-z0-9_-]+)"/)?.1))
    }

    @Test func aSignedOutInviteeSeesWhoInvitesThemAndComesBackAfterRegistering() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(name: "Ada", email: "ada@example.org")
            let path = try await invitePath(of: ada)

            let bob = WebUser(client)
            let welcome = try await bob.get(path)
            #expect(welcome.status == .ok)
            #expect(welcome.text.contains("<strong>Ada</strong> invited you to <strong>Ada’s household</strong>"))
            #expect(welcome.text.contains(#"href="/register?next=\#(path)""#))
            let register = try await bob.get("/register?next=\(path)")
            #expect(register.text.contains("Ada invited you to <strong>Ada’s household</strong>"))
            #expect(!register.text.contains("You get a household of your own"))
            let registered = try await bob.post("/register", ["name": "Bob", "email": "bob@example.org",
                                                              "password": "correct horse battery", "next": path])
            #expect(registered.headers[.location] == path)
            let offer = try await bob.get(path)
            #expect(offer.text.contains("Join Ada’s household"))
            #expect(!offer.text.contains("will be deleted"), "a new, empty household is nothing to warn about")

            #expect(try await WebUser(client).get("/invite/not-a-real-invite").status == .notFound)
        }
    }

    @Test func joiningWarnsAboutListsThatWouldGo() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(name: "Ada", email: "ada@example.org")
            let path = try await invitePath(of: ada)
            let bob = WebUser(client)
            try await bob.register(name: "Bob", email: "bob@example.org")
            try await bob.post("/lists", ["name": "Hardware"])
            #expect(try await bob.get(path).text.contains("it and its 1 list will be deleted when you join"))
        }
    }

    @Test func theOwnerRemovesAMemberAndOnlyTheOwner() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(name: "Ada", email: "ada@example.org")
            for (name, email) in [("Bob", "bob@example.org"), ("Cy", "cy@example.org")] {
                let path = try await invitePath(of: ada)
                let member = WebUser(client)
                try await member.register(name: name, email: email)
                try await member.post(path)
            }
            let household = try await ada.get("/settings/household").text
            let ids = household.matches(of: /\/settings\/household\/members\/([0-9A-F-]{36})\/remove/).map { String($0.1) }
            #expect(ids.count == 2, "the owner may remove the two others, not themself")
            #expect(household.contains(#"<span class="badge">Owner</span>"#))

            let bob = WebUser(client)
            try await bob.post("/login", ["email": "bob@example.org", "password": "correct horse battery"])
            #expect(!(try await bob.get("/settings/household").text.contains("/remove")))
            let refused = try await bob.post("/settings/household/members/\(ids[1])/remove")
            #expect(refused.status == .forbidden)

            let eve = WebUser(client)
            try await eve.register(name: "Eve", email: "eve@example.org")
            #expect(try await eve.post("/settings/household/members/\(ids[0])/remove").status == .notFound)

            let removed = try await ada.post("/settings/household/members/\(ids[0])/remove")
            #expect(removed.headers[.location] == "/settings/household?notice=member-removed")
            let after = try await ada.get("/settings/household").text
            #expect(!after.contains("bob@example.org") && after.contains("cy@example.org"))
            #expect(try await bob.get("/settings/household").text.contains("Bob’s household"))
        }
    }
}
