import Foundation
import HearthCore
import Testing
@testable import HearthServer

/// PUT /api/v1/inventory/items/{id}: the item form as typed, which the web page sends (also later,
/// from its offline outbox), and the rule that of two devices editing one item, the later edit stands.
@Suite struct InventoryItemFormAPITests {
    private static func time(_ secondsAfterStart: TimeInterval) -> String {
        Date(timeIntervalSince1970: 1_800_000_000 + secondsAfterStart).ISO8601Format()
    }

    @Test func theFormCreatesTheItemOnceThenReplacesItsFields() async throws {
        try await withApp(clock: VirtualClock()) { client in
            // Setup
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let id = UUID().uuidString
            let form = #"{"name":"Sofa","purchasePrice":"1.299,99","purchaseCurrency":"EUR","tags":"living, big","quantity":"2","condition":"good"}"#
            // Act: the form twice (an answer lost and the outbox sends it again), then with fields emptied.
            let created = try await api.send(.put, "/api/v1/inventory/items/\(id)", json: form, token: token)
            let again = try await api.send(.put, "/api/v1/inventory/items/\(id)", json: form, token: token)
            let emptied = try await api.send(.put, "/api/v1/inventory/items/\(id)", json: #"{"name":"Sofa","purchasePrice":"","tags":""}"#, token: token)
            // Check
            #expect(created.status == .created && again.status == .ok && emptied.status == .ok)
            let item = try created.json()
            #expect((item["purchasePrice"] as? [String: Any])?["amount"] as? Int == 129_999)
            #expect((item["purchasePrice"] as? [String: Any])?["currency"] as? String == "EUR")
            #expect(Set(item["tags"] as? [String] ?? []) == ["living", "big"] && item["quantity"] as? Int == 2 && item["condition"] as? String == "good")
            let last = try emptied.json()
            #expect(last["purchasePrice"] == nil && (last["tags"] as? [String]) == [] && last["quantity"] as? Int == 1 && last["condition"] == nil)
            #expect(try await api.send(.get, "/api/v1/inventory/items", token: token).json()["total"] as? Int == 1)
        }
    }

    @Test func aFieldTypedWrongIsRefusedByNameAndChangesNothing() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let id = UUID().uuidString
            let cases: [(String, String)] = [
                (#"{"name":"TV","purchasePrice":"12,5,0"}"#, "purchase price “12,5,0”"),
                (#"{"name":"TV","purchaseDate":"2025-02-30"}"#, "purchase date"),
                (#"{"name":"TV","purchaseDate":"0023-05-14"}"#, "purchase date 0023-05-14 is not plausible"),
                (#"{"name":"TV","room":"kitchen"}"#, "room"),
                (#"{"name":"TV","quantity":"many"}"#, "quantity"),
                (#"{"name":"  "}"#, "name"),
            ]
            for (form, named) in cases {
                let response = try await api.send(.put, "/api/v1/inventory/items/\(id)", json: form, token: token)
                #expect(response.status == .unprocessableContent, "\(form)")
                #expect((try response.json()["detail"] as? String)?.contains(named) == true, "\(form)")
            }
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(id)", token: token).status == .notFound)
        }
    }

    @Test func ofTwoDevicesEditingOfflineTheLaterEditStandsWhicheverArrivesFirst() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            // Setup: an item made at the start; both devices go offline and edit it.
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let first = UUID().uuidString, second = UUID().uuidString
            for id in [first, second] {
                _ = try await api.send(.put, "/api/v1/inventory/items/\(id)", json: #"{"name":"Lamp","changedAt":"\#(Self.time(0))"}"#, token: token)
            }
            clock.advance(by: 3600)
            // Act: on `first` the later edit arrives first; on `second` the earlier one does.
            let laterFirst = try await api.send(.put, "/api/v1/inventory/items/\(first)", json: #"{"name":"Desk lamp","changedAt":"\#(Self.time(120))"}"#, token: token)
            let earlierSecond = try await api.send(.patch, "/api/v1/inventory/items/\(first)", json: #"{"name":"Old lamp","changedAt":"\#(Self.time(60))"}"#, token: token)
            let earlierFirst = try await api.send(.put, "/api/v1/inventory/items/\(second)", json: #"{"name":"Old lamp","changedAt":"\#(Self.time(60))"}"#, token: token)
            let laterSecond = try await api.send(.put, "/api/v1/inventory/items/\(second)", json: #"{"name":"Desk lamp","changedAt":"\#(Self.time(120))"}"#, token: token)
            // Check: "Desk lamp" on both; the earlier edit that came late is refused and says what stands.
            #expect(laterFirst.status == .ok && earlierSecond.status == .conflict)
            #expect((try earlierSecond.json()["detail"] as? String)?.contains("“Desk lamp” was changed on another device") == true)
            #expect(earlierFirst.status == .ok && laterSecond.status == .ok)
            for id in [first, second] {
                #expect(try await api.send(.get, "/api/v1/inventory/items/\(id)", token: token).json()["name"] as? String == "Desk lamp")
            }
        }
    }

    @Test func aClockAheadOfTheServersCannotBlockLaterEdits() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let id = try await api.newItem(#"{"name":"Kettle"}"#, token: token)
            let ahead = try await api.send(.patch, "/api/v1/inventory/items/\(id)", json: #"{"name":"Future kettle","changedAt":"\#(Self.time(86_400))"}"#, token: token)
            let now = try await api.send(.patch, "/api/v1/inventory/items/\(id)", json: #"{"name":"Kettle"}"#, token: token)
            #expect(ahead.status == .ok && now.status == .ok)
        }
    }

    @Test func anotherHouseholdsItemIsNotFoundAndUntouched() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org"), eve = try await api.signUp(email: "eve@example.org")
            let id = try await api.newItem(#"{"name":"Ring"}"#, token: ada)
            let response = try await api.send(.put, "/api/v1/inventory/items/\(id)", json: #"{"name":"Mine"}"#, token: eve)
            #expect(response.status == .notFound)
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(id)", token: ada).json()["name"] as? String == "Ring")
            #expect(try await api.send(.get, "/api/v1/inventory/items", token: eve).json()["total"] as? Int == 0)
        }
    }
}
