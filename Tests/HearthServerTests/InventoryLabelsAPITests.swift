import Foundation
import HTTPTypes
import HearthCore
import HearthStore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Label sheets through the API: what is labelled, and every refusal said clearly. (The QR codes
/// are read back with zbarimg in the browser test.)
@Suite struct InventoryLabelsAPITests {
    @Test func labelsForItemsARoomOrABoxAndTheirRefusals() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let box = try await api.newItem(#"{"name":"Loft box"}"#, token: ada)
            let lights = try await api.newItem(#"{"name":"Lights","containerId":"\#(box)"}"#, token: ada)
            let item = try await api.send(.get, "/api/v1/inventory/items/\(lights)", token: ada).json()
            #expect(item["assetId"] as? String == "000-002")

            for path in ["items=\(box),\(lights)", "box=\(box)&layout=roll-62mm", "items=\(lights)&layout=avery-5160&start=30"] {
                let response = try await api.send(.get, "/api/v1/inventory/labels.pdf?\(path)", token: ada)
                #expect(response.status == .ok, "\(path): \(response.text)")
                #expect(response.headers[.contentType] == "application/pdf" && response.text.hasPrefix("%PDF-"))
                #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"hearth-labels-") == true)
            }
            let rooms = try await api.send(.get, "/api/v1/inventory/rooms", token: ada).json()["groups"] as? [[String: Any]] ?? []
            let kitchen = try #require(rooms.first { $0["name"] as? String == "Kitchen" }?["id"] as? String)
            let refusals: [(String, HTTPResponse.Status, String)] = [
                ("", .unprocessableContent, "Choose exactly one of “items”, “room” or “box”."),
                ("items=\(box)&box=\(box)", .unprocessableContent, "Choose exactly one of “items”, “room” or “box”."),
                ("items=\(box)&start=22", .unprocessableContent, "“start” is a place on the sheet: 1 to 21 for A4 sheet, 21 labels (Avery L7160)."),
                ("items=\(Array(repeating: box, count: 101).joined(separator: ","))", .unprocessableContent, "“items” takes at most 100 ids; label a room or a box for more."),
                ("room=\(kitchen)", .unprocessableContent, "The room has no items to label."),
                ("room=\(UUID().text)", .notFound, ""),
                ("items=\(UUID().text)", .notFound, ""),
            ]
            for (query, status, detail) in refusals {
                let response = try await api.send(.get, "/api/v1/inventory/labels.pdf?\(query)", token: ada)
                #expect(response.status == status, "\(query): \(response.text)")
                if !detail.isEmpty { #expect(try response.json()["detail"] as? String == detail, "\(query)") }
            }
            // Another household's items and boxes are not found.
            let eve = try await api.signUp(email: "eve@example.org")
            #expect(try await api.send(.get, "/api/v1/inventory/labels.pdf?items=\(lights)", token: eve).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/inventory/labels.pdf?box=\(box)", token: eve).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/inventory/labels.pdf?items=\(lights)").status == .unauthorized)
        }
    }

    @Test func aBoxsLabelSaysWhatItHolds() {
        let held = InventoryStore.HeldItems(count: 3, values: [Money(amount: 12_999, currency: "USD"), Money(amount: 2_000, currency: "EUR")])
        #expect(InventoryLabels.contents(held) == "3 things · $129.99 · €20.00")
        #expect(InventoryLabels.contents(.init(count: 1, values: [])) == "1 thing")
        #expect(InventoryLabels.address(of: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!, base: "https://hearth.example.org/")
                == "https://hearth.example.org/inventory/items/6F9619FF-8B86-D011-B42D-00C04FC964FF")
    }
}
