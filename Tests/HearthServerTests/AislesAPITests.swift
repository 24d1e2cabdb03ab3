import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Aisles through the API: an item's category (found, chosen, taught), the categories, stores with
/// their aisle orders, a list's usual store, and a list read for one store.
@Suite struct AislesAPITests {
    @Test func itemsFindTheirAisleAndTheHouseholdTeachesIt() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let categories = try await api.send(.get, "/api/v1/lists/categories", token: token).json()["categories"] as? [[String: Any]]
            #expect(categories?.map { $0["id"] as? String } == ShoppingCategory.defaultAisleOrder.map(\.rawValue))
            #expect(categories?.first?["title"] as? String == "Produce")
            let weekly = try await api.newList("Weekly", token: token)
            let milk = try await api.send(.post, "/api/v1/lists/\(weekly)/items", json: #"{"name":"Vollmilch","quantity":"2 l"}"#, token: token).json()
            #expect(milk["category"] as? String == "dairy" && milk["onlyAt"] == nil)
            let milkId = try #require(milk["id"] as? String)
            let moved = try await api.send(.patch, "/api/v1/lists/\(weekly)/items/\(milkId)", json: #"{"category":"drinks"}"#, token: token).json()
            #expect(moved["category"] as? String == "drinks")
            let party = try await api.newList("Party", token: token)
            let again = try await api.send(.post, "/api/v1/lists/\(party)/items", json: #"{"name":"vollmilch"}"#, token: token).json()
            #expect(again["category"] as? String == "drinks")
            let suggestion = try await api.send(.get, "/api/v1/lists/suggestions?q=voll", token: token).json()["suggestions"] as? [[String: Any]]
            #expect(suggestion?.first?["category"] as? String == "drinks" && suggestion?.first?["quantity"] as? String == "2 l")
            // Another household's dictionary is untouched by Ada's.
            let eve = try await api.signUp(name: "Eve", email: "eve@example.org")
            let eves = try await api.newList("Eve's", token: eve)
            #expect(try await api.send(.post, "/api/v1/lists/\(eves)/items", json: #"{"name":"Vollmilch"}"#, token: eve).json()["category"] as? String == "dairy")
            let unknown = try await api.send(.patch, "/api/v1/lists/\(weekly)/items/\(milkId)", json: #"{"category":"garden"}"#, token: token)
            #expect(unknown.status == .badRequest)
        }
    }

    @Test func aListReadForAStoreTakesItsAisleOrderAndLeavesOutWhatOnlyOtherStoresHave() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let created = try await api.send(.post, "/api/v1/stores", json: #"{"name":"Aldi","aisles":["frozen","bakery"]}"#, token: token)
            #expect(created.status == .created)
            let aldi = try created.json()
            let aldiId = try #require(aldi["id"] as? String)
            #expect((aldi["aisles"] as? [String])?.prefix(3) == ["frozen", "bakery", "produce"] && (aldi["aisles"] as? [String])?.count == 13)
            let market = try #require(try await api.send(.post, "/api/v1/stores", json: #"{"name":"Market"}"#, token: token).json()["id"] as? String)
            let twice = try await api.send(.post, "/api/v1/stores", json: #"{"name":"Lidl","aisles":["dairy","dairy"]}"#, token: token)
            #expect(twice.status == .unprocessableContent)
            #expect(try twice.json()["detail"] as? String == "“Dairy & eggs” is twice in the aisle order; name each category once.")
            let list = try await api.newList("Weekly", token: token)
            _ = try await api.send(.post, "/api/v1/lists/\(list)/items", json: #"{"name":"Bread"}"#, token: token)
            _ = try await api.send(.post, "/api/v1/lists/\(list)/items", json: #"{"name":"Honey","onlyAt":["\#(market)"]}"#, token: token)
            #expect(try await api.send(.get, "/api/v1/lists/\(list)", token: token).json()["aisles"] as? [String] == ShoppingCategory.defaultAisleOrder.map(\.rawValue))
            // The usual store sorts the list; a read for Aldi leaves Honey out.
            let usual = try await api.send(.patch, "/api/v1/lists/\(list)", json: #"{"storeId":"\#(aldiId)"}"#, token: token).json()
            #expect(usual["storeId"] as? String == aldiId)
            let whole = try await api.send(.get, "/api/v1/lists/\(list)", token: token).json()
            #expect((whole["aisles"] as? [String])?.first == "frozen" && (whole["items"] as? [[String: Any]])?.count == 2)
            let atAldi = try await api.send(.get, "/api/v1/lists/\(list)?store=\(aldiId)", token: token).json()
            #expect((atAldi["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Bread"] && atAldi["shoppingAt"] as? String == aldiId)
            let atMarket = try await api.send(.get, "/api/v1/lists/\(list)?store=\(market)", token: token).json()
            #expect((atMarket["items"] as? [[String: Any]])?.count == 2 && (atMarket["aisles"] as? [String])?.first == "produce")
            // Another household's store is no store here; "" clears the usual store.
            let eve = try await api.signUp(name: "Eve", email: "eve@example.org")
            let evesShop = try #require(try await api.send(.post, "/api/v1/stores", json: #"{"name":"Corner"}"#, token: eve).json()["id"] as? String)
            #expect(try await api.send(.get, "/api/v1/lists/\(list)?store=\(evesShop)", token: token).status == .notFound)
            #expect(try await api.send(.patch, "/api/v1/lists/\(list)", json: #"{"storeId":"\#(evesShop)"}"#, token: token).status == .notFound)
            #expect(try await api.send(.patch, "/api/v1/stores/\(aldiId)", json: #"{"name":"Mine"}"#, token: eve).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/stores", token: eve).json()["stores"].map { ($0 as? [Any])?.count } == 1)
            let cleared = try await api.send(.patch, "/api/v1/lists/\(list)", json: #"{"storeId":""}"#, token: token).json()
            #expect(cleared["storeId"] == nil)
            // A store renamed, reordered, moved, deleted.
            let changed = try await api.send(.patch, "/api/v1/stores/\(market)", json: #"{"name":"Farmers' market","aisles":["produce","meat"],"position":1}"#,
                                             token: token).json()
            #expect(changed["name"] as? String == "Farmers' market" && changed["position"] as? Int == 1)
            #expect(try await api.send(.delete, "/api/v1/stores/\(market)", token: token).status == .noContent)
            let honey = try await api.send(.get, "/api/v1/lists/\(list)?store=\(aldiId)", token: token).json()["items"] as? [[String: Any]]
            #expect(honey?.count == 2) // only found at the market, which is gone: found anywhere
        }
    }
}
