import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct ListsPagesTests {
    /// Creates a list through the form and returns its id (from the redirect to its page).
    func createList(_ user: WebUser, _ name: String, emoji: String = "") async throws -> String {
        let created = try await user.post("/lists", ["name": name, "emoji": emoji])
        #expect(created.status == .seeOther)
        let location = try #require(created.headers[.location])
        return String(try #require(location.firstMatch(of: /\/lists\/([0-9A-F-]{36})/)?.1))
    }

    @Test func aListIsCreatedRenamedMovedDeletedAndRestoredThroughForms() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let groceries = try await createList(ada, "Groceries", emoji: "🛒")
            let hardware = try await createList(ada, "Hardware")

            let page = try await ada.get("/lists/\(groceries)")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<span id="list-name">Groceries</span>"#))
            #expect(page.text.contains(#""name":"Groceries""#)) // the list the script starts from

            let renamed = try await ada.post("/lists/\(groceries)", ["name": "Food", "emoji": "🥕"])
            #expect(renamed.headers[.location] == "/lists/\(groceries)?notice=saved")
            let refused = try await ada.post("/lists/\(groceries)", ["name": "  ", "emoji": ""])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("The name must not be empty."))

            try await ada.post("/lists/\(hardware)/move", ["position": "1"])
            let index = try await ada.get("/lists").text
            let hardwareAt = try #require(index.range(of: "Hardware")).lowerBound
            let foodAt = try #require(index.range(of: "Food")).lowerBound
            #expect(hardwareAt < foodAt)
            #expect(index.contains("🥕"))

            let deleted = try await ada.post("/lists/\(groceries)/delete")
            #expect(deleted.headers[.location] == "/lists?deleted=\(groceries)")
            // A second tap on an out-of-date page explains instead of failing.
            #expect(try await ada.post("/lists/\(groceries)/delete").headers[.location] == "/lists?notice=list-gone")
            let undo = try await ada.get("/lists?deleted=\(groceries)")
            #expect(undo.text.contains(#"action="/lists/\#(groceries)/restore""#))
            #expect(try await ada.get("/lists/\(groceries)").status == .gone)
            #expect(try await ada.get("/lists/deleted").text.contains("30 days left"))

            let restored = try await ada.post("/lists/\(groceries)/restore")
            #expect(restored.headers[.location] == "/lists?notice=list-restored")
            #expect(try await ada.get("/lists/\(groceries)").status == .ok)
        }
    }

    @Test func aCardWithoutAnEmojiShowsACartEvenAfterARefusedForm() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            _ = try await createList(ada, "Plain")
            let refused = try await ada.post("/lists", ["name": "Odd", "emoji": "ab"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("The emoji must be a single emoji."))
            #expect(refused.text.contains(#"<span class="list-emoji" aria-hidden="true">🛒</span>"#))
            #expect(refused.text.contains(#"value="ab""#)) // the form keeps what was typed
        }
    }

    @Test func purgingFromRecentlyDeletedIsForGood() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let id = try await createList(ada, "Old")
            // Only a deleted list can be purged.
            #expect(try await ada.post("/lists/\(id)/purge").headers[.location] == "/lists/deleted?notice=list-gone")
            try await ada.post("/lists/\(id)/delete")
            let purged = try await ada.post("/lists/\(id)/purge")
            #expect(purged.headers[.location] == "/lists/deleted?notice=list-purged")
            #expect(try await ada.get("/lists/\(id)").status == .notFound)
            #expect(try await ada.get("/lists/deleted").text.contains("Nothing here"))
        }
    }

    @Test func anotherHouseholdCannotSeeOrChangeAList() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let id = try await createList(ada, "Private")
            let eve = WebUser(client)
            try await eve.register(name: "Eve", email: "eve@example.org")
            #expect(try await eve.get("/lists/\(id)").status == .notFound)
            #expect(try await eve.post("/lists/\(id)", ["name": "Mine"]).status == .notFound)
            #expect(try await eve.post("/lists/\(id)/delete").headers[.location] == "/lists?notice=list-gone")
            #expect(try await eve.post("/lists/\(id)/move", ["position": "1"]).headers[.location] == "/lists?notice=list-gone")
            #expect(try await eve.post("/lists/\(id)/purge").headers[.location] == "/lists/deleted?notice=list-gone")
            #expect(try await !eve.get("/lists").text.contains("Private"))
            #expect(try await !eve.get("/lists?deleted=\(id)").text.contains("Private"))
            #expect(try await ada.get("/lists/\(id)").text.contains("Private"))
        }
    }

    @Test func statisticsShowTheFiguresAndTheMostBought() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let list = try await api.send(.post, "/api/v1/lists", json: #"{"name":"Groceries"}"#, token: token).json()
            let listId = try #require(list["id"] as? String)
            for name in ["Milk", "Bread", "Eggs", "Tea"] {
                let item = try await api.send(.post, "/api/v1/lists/\(listId)/items", json: #"{"name":"\#(name)"}"#, token: token).json()
                if name != "Tea" {
                    let itemId = try #require(item["id"] as? String)
                    _ = try await api.send(.patch, "/api/v1/lists/\(listId)/items/\(itemId)", json: #"{"purchased":true}"#, token: token)
                }
            }
            let web = WebUser(client)
            try await web.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
            let page = try await web.get("/lists/stats").text
            #expect(page.contains(#"<p class="figure-value">75 %</p>"#))
            #expect(page.contains(#"<p class="figure-value">4</p>"#))
            #expect(page.contains("Milk: bought once"))
            #expect(page.contains(#"aria-label="Most bought items""#))
        }
    }

    @Test func theListsTabNoLongerSaysComingSoon() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let page = try await ada.get("/lists")
            #expect(page.status == .ok)
            #expect(!page.text.contains("not built yet"))
            #expect(page.text.contains("No lists yet"))
        }
    }
}
