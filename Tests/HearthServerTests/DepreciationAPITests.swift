import Foundation
import HTTPTypes
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Actual cash values and depreciation rules through the API and the pages, on a clock that reads
/// 2027-01-15; boxes carry their contents from room to room.
@Suite struct DepreciationAPITests {
    func cash(_ item: [String: Any]) -> Int? { (item["actualCashValue"] as? [String: Any])?["amount"] as? Int }

    func group(_ api: APIClient, _ kind: String, _ name: String, token: String) async throws -> [String: Any] {
        let groups = try await api.send(.get, "/api/v1/inventory/\(kind)", token: token).json()["groups"] as? [[String: Any]] ?? []
        return try #require(groups.first { $0["name"] as? String == name })
    }

    @Test func actualCashValuesFollowTheCategoryOrTheItemsOwnRule() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let electronics = try await group(api, "categories", "Electronics", token: ada)
            #expect(electronics["depreciation"] as? [String: Int] == ["usefulLifeYears": 5, "floorPercent": 20])
            let jewelry = try await group(api, "categories", "Jewelry & watches", token: ada)
            #expect(jewelry["depreciation"] as? [String: Int] == ["floorPercent": 20], "no useful life: it keeps its value")
            #expect(try await group(api, "rooms", "Kitchen", token: ada)["depreciation"] == nil)
            let electronicsId = electronics["id"] as? String ?? "", jewelryId = jewelry["id"] as? String ?? ""

            // $1,000.00 bought 2024-07-15: 30 of 60 months gone on 2027-01-15.
            let tv = try await api.newItem(#"{"name":"TV","categoryId":"\#(electronicsId)","replacementValue":{"amount":100000,"currency":"USD"},"purchaseDate":"2024-07-15"}"#, token: ada)
            let item = { try await api.send(.get, "/api/v1/inventory/items/\(tv)", token: ada).json() }
            #expect(cash(try await item()) == 50_000)
            let undated = try await api.send(.post, "/api/v1/inventory/items", json: #"{"name":"Radio","categoryId":"\#(electronicsId)","purchasePrice":{"amount":5000,"currency":"USD"}}"#, token: ada).json()
            #expect(undated["value"] != nil && undated["actualCashValue"] == nil, "its age is unknown")
            let ring = try await api.send(.post, "/api/v1/inventory/items", json: #"{"name":"Ring","categoryId":"\#(jewelryId)","replacementValue":{"amount":500000,"currency":"USD"}}"#, token: ada).json()
            #expect(cash(ring) == 500_000)

            // Its own rule: 10 years, no floor (30 of 120 months gone); cleared, the category's again.
            var changed = try await api.send(.patch, "/api/v1/inventory/items/\(tv)", json: #"{"depreciation":{"usefulLifeYears":10,"floorPercent":0}}"#, token: ada).json()
            #expect(cash(changed) == 75_000 && changed["depreciation"] as? [String: Int] == ["usefulLifeYears": 10, "floorPercent": 0])
            changed = try await api.send(.patch, "/api/v1/inventory/items/\(tv)", json: #"{"clear":["depreciation"]}"#, token: ada).json()
            #expect(cash(changed) == 50_000 && changed["depreciation"] == nil)

            // The household makes electronics last 2 years: past it, the floor.
            let category = try await api.send(.patch, "/api/v1/inventory/categories/\(electronicsId)", json: #"{"depreciation":{"usefulLifeYears":2,"floorPercent":25}}"#, token: ada)
            #expect(category.status == .ok, "\(category.text)")
            #expect(cash(try await item()) == 25_000)
            let listed = try await api.send(.get, "/api/v1/inventory/items?q=TV", token: ada).json()["items"] as? [[String: Any]] ?? []
            #expect(listed.map(cash) == [25_000])

            for (path, body) in [("rooms/\(try await group(api, "rooms", "Kitchen", token: ada)["id"] as? String ?? "")", #"{"depreciation":{"usefulLifeYears":3,"floorPercent":20}}"#),
                                 ("categories/\(electronicsId)", #"{"depreciation":{"usefulLifeYears":0,"floorPercent":20}}"#)] {
                let refused = try await api.send(.patch, "/api/v1/inventory/\(path)", json: body, token: ada)
                #expect([.badRequest, .unprocessableContent].contains(refused.status), "\(path): \(refused.text)")
            }
            let roomWithRule = try await api.send(.post, "/api/v1/inventory/rooms", json: #"{"name":"Loft","depreciation":{"floorPercent":20}}"#, token: ada)
            let roomRefusal = try roomWithRule.json()["detail"] as? String ?? ""
            #expect(roomWithRule.status == .unprocessableContent && roomRefusal.contains("a room does not"), "\(roomRefusal)")
            #expect(cash(try await item()) == 25_000, "nothing changed by a refusal")
        }
    }

    @Test func thePagesSetACategorysRuleAndShowAnItemsValueToday() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let categories = try await ada.api(.get, "/api/v1/inventory/categories").json()["groups"] as? [[String: Any]] ?? []
            let furniture = try #require(categories.first { $0["name"] as? String == "Furniture" }?["id"] as? String)
            let organize = try await ada.get("/inventory/organize")
            #expect(organize.text.contains("action=\"/inventory/categories/\(furniture)/depreciation\"") && organize.text.contains("value=\"12\""))

            let saved = try await ada.post("/inventory/categories/\(furniture)/depreciation", ["years": "8", "floor": "10"])
            #expect(saved.status == .seeOther)
            let refused = try await ada.post("/inventory/categories/\(furniture)/depreciation", ["years": "eight", "floor": "10"])
            #expect(refused.status == .unprocessableContent && refused.text.contains("Write the useful life in whole years"))
            let after = try await ada.api(.get, "/api/v1/inventory/categories").json()["groups"] as? [[String: Any]] ?? []
            #expect(after.first { $0["id"] as? String == furniture }?["depreciation"] as? [String: Int] == ["usefulLifeYears": 8, "floorPercent": 10])

            // A sofa of $2,000.00 bought 2023-01-15: 48 of 96 months gone.
            let id = UUID().text
            let form = #"{"name":"Sofa","category":"\#(furniture)","replacementValue":"2000","replacementCurrency":"USD","purchaseDate":"2023-01-15"}"#
            #expect(try await ada.api(.put, "/api/v1/inventory/items/\(id)", body: form).status == .created)
            let page = try await ada.get("/inventory/items/\(id)")
            #expect(page.text.contains("$1,000.00 today, 50% less than new (8-year life, 10% floor; the rule of Furniture)"), "\(page.text)")

            // Its own rule from the form: 4 years, 30% floor (past it).
            let own = #"{"name":"Sofa","category":"\#(furniture)","replacementValue":"2000","replacementCurrency":"USD","purchaseDate":"2023-01-15","depreciation":"own","usefulLife":"4","depreciationFloor":"30"}"#
            let item = try await ada.api(.put, "/api/v1/inventory/items/\(id)", body: own).json()
            #expect(cash(item) == 60_000)
            let badLife = #"{"name":"Sofa","depreciation":"own","usefulLife":"0"}"#
            let bad = try await ada.api(.put, "/api/v1/inventory/items/\(id)", body: badLife)
            #expect(bad.status == .unprocessableContent && bad.text.contains("useful life in years"))
            // A form without the field (an earlier release's, from an outbox) keeps the item's rule.
            let old = try await ada.api(.put, "/api/v1/inventory/items/\(id)", body: form).json()
            #expect(cash(old) == 60_000)
            let edit = try await ada.get("/inventory/items/\(id)/edit")
            #expect(edit.text.contains("<option value=\"own\" selected>") && edit.text.contains("name=\"useful_life\" id=\"useful_life\" value=\"4\""))
        }
    }

    @Test func aBoxMovedThroughTheAPITakesItsContents() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let attic = try await group(api, "rooms", "Attic", token: ada)["id"] as? String ?? ""
            let garage = try await group(api, "rooms", "Garage", token: ada)["id"] as? String ?? ""
            let box = try await api.newItem(#"{"name":"Box","roomId":"\#(attic)"}"#, token: ada)
            let lights = try await api.send(.post, "/api/v1/inventory/items", json: #"{"name":"Lights","containerId":"\#(box)"}"#, token: ada).json()
            #expect(lights["roomId"] as? String == attic)
            _ = try await api.send(.patch, "/api/v1/inventory/items/\(box)", json: #"{"roomId":"\#(garage)"}"#, token: ada)
            let moved = try await api.send(.get, "/api/v1/inventory/items/\(lights["id"] as? String ?? "")", token: ada).json()
            #expect(moved["roomId"] as? String == garage && moved["containerId"] as? String == box)
        }
    }
}
