import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct SampleHouseholdTests {
    /// The JSON of an API answer, as a dictionary.
    func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }

    func itemNames(_ user: WebUser) async throws -> [String] {
        let items = try json(try await user.api(.get, "/api/v1/inventory/items"))["items"] as? [[String: Any]] ?? []
        return items.compactMap { $0["name"] as? String }.sorted()
    }

    @Test func aNewHouseholdIsWelcomedAndTheSampleComesOnceAndGoesForGood() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            #expect(try await ada.register(email: "ada@example.org").headers[.location] == "/welcome")
            let welcome = try await ada.get("/welcome")
            #expect(welcome.status == .ok && welcome.text.contains("Try with sample data"))

            // Added twice, it is there once: four items (three with a photo) and a list of eight.
            #expect(try await ada.post("/welcome/sample").headers[.location] == "/inventory?notice=sample-added")
            try await ada.post("/welcome/sample")
            #expect(try await itemNames(ada) == ["Armchair", "Espresso machine", "Road bike", "Television"])
            let items = try json(try await ada.api(.get, "/api/v1/inventory/items"))["items"] as? [[String: Any]] ?? []
            #expect(items.filter { ($0["photoCount"] as? Int ?? 0) > 0 }.count == 3)
            let lists = try json(try await ada.api(.get, "/api/v1/lists"))["lists"] as? [[String: Any]] ?? []
            #expect(lists.compactMap { $0["name"] as? String } == ["Weekend groceries"])
            #expect(try await ada.get("/inventory").text.contains(#"id="sample-notice""#))
            #expect(!(try await ada.get("/welcome").text.contains("Try with sample data")), "the welcome offers to look instead")

            // Something of Ada's own stays when the sample goes; the sample leaves nothing behind.
            _ = try await ada.api(.post, "/api/v1/inventory/items", body: #"{"name":"Grandfather clock"}"#)
            #expect(try await ada.post("/welcome/sample/remove", ["next": "/lists"]).headers[.location] == "/lists?notice=sample-removed")
            #expect(try await itemNames(ada) == ["Grandfather clock"])
            #expect((try json(try await ada.api(.get, "/api/v1/lists"))["lists"] as? [Any])?.isEmpty == true)
            #expect(!(try await ada.get("/inventory/deleted").text.contains("Armchair")), "purged, not in Recently deleted")
            #expect(!(try await ada.get("/inventory").text.contains(#"id="sample-notice""#)))
        }
    }

    @Test func oneHouseholdsSampleIsNotAnothersAndRemovingItTouchesOnlyItsOwn() async throws {
        try await withApp { client in
            let ada = WebUser(client), bob = WebUser(client)
            try await ada.register(email: "ada@example.org")
            try await bob.register(name: "Bob", email: "bob@example.org")
            try await ada.post("/welcome/sample")
            try await bob.post("/welcome/sample")
            try await bob.post("/welcome/sample/remove")
            #expect(try await itemNames(bob).isEmpty)
            #expect(try await itemNames(ada).count == 4, "Bob's removal leaves Ada's sample alone")
        }
    }

    @Test func theSamplesIdsFollowFromTheHouseholdAndAreVersionFive() {
        let ada = UUID(), bob = UUID()
        let id = SampleHousehold.id("item:0", household: ada)
        #expect(id == SampleHousehold.id("item:0", household: ada))
        #expect(id != SampleHousehold.id("item:0", household: bob) && id != SampleHousehold.id("item:1", household: ada))
        #expect(id.uuidString.dropFirst(14).first == "5")
    }
}

@Suite struct LayoutSectionsTests {
    @Test func aPageBelongsToTheSectionPageItContinues() {
        let inventory = Layout.Section.inventory.pages
        #expect(Layout.Section.page(for: "/inventory", among: inventory)?.title == "Items")
        #expect(Layout.Section.page(for: "/inventory/items/A1B2", among: inventory)?.title == "Items")
        #expect(Layout.Section.page(for: "/inventory/receipts/A1B2", among: inventory)?.title == "Receipts")
        #expect(Layout.Section.page(for: "/inventory/organize", among: inventory)?.title == "Rooms")
        #expect(Layout.Section.page(for: "/inventory-other", among: inventory) == nil)
        #expect(Layout.Section.page(for: "/lists/stats", among: Layout.Section.lists.pages)?.title == "Statistics")
        #expect(Layout.Section.settings.pages.isEmpty)
    }
}

@Suite struct InventoryHomeWordsTests {
    @Test func theSuggestionNamesTheFirstStepAndCountsTheRest() {
        #expect(InventoryHomePage.nextStep([.room]) == "choose a room")
        #expect(InventoryHomePage.nextStep([.photo, .receipt, .serialNumber]) == "add a photo and 2 more")
        #expect(InventoryHomePage.nextStep([]) == "")
    }
}
