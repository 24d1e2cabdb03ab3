import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Undo in a list: a deleted item and a cleared basket come back where they stood, without
/// counting as bought or added again; suggestions keep capitals and know the list.
@Suite struct ListUndoTests {
    @Test func restoredItemsStandWhereTheyStoodAndCountNothingTwice() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let listId = try await api.newList("Groceries", token: token)
            var added: [[String: Any]] = []
            for name in ["Milk", "Bread", "Eggs"] {
                clock.advance(by: 1)
                added.append(try await api.send(.post, "/api/v1/lists/\(listId)/items", json: #"{"name":"\#(name)"}"#, token: token).json())
            }
            let eggs = try #require(added[2]["id"] as? String)
            clock.advance(by: 1)
            _ = try await api.send(.patch, "/api/v1/lists/\(listId)/items/\(eggs)", json: #"{"purchased":true}"#, token: token)
            let bread = added[1]
            let breadId = try #require(bread["id"] as? String)
            let createdAt = try #require(bread["createdAt"] as? String)
            #expect(try await api.send(.delete, "/api/v1/lists/\(listId)/items/\(breadId)", token: token).status == .noContent)
            let eggsNow = try await api.send(.get, "/api/v1/lists/\(listId)", token: token).json()["items"] as? [[String: Any]]
            let eggsChangedAt = try #require(eggsNow?.first { $0["name"] as? String == "Eggs" }?["changedAt"] as? String)
            #expect(try await api.send(.post, "/api/v1/lists/\(listId)/clear-purchased", token: token).status == .ok)

            let restore = #"""
                {"items":[{"id":"\#(breadId)","name":"Bread","purchased":false,"createdAt":"\#(createdAt)"},
                          {"id":"\#(eggs)","name":"Eggs","purchased":true,"changedAt":"\#(eggsChangedAt)","createdAt":"\#(added[2]["createdAt"] as? String ?? "")"}]}
                """#
            let restored = try await api.send(.post, "/api/v1/lists/\(listId)/restore-items", json: restore, token: token)
            let retried = try await api.send(.post, "/api/v1/lists/\(listId)/restore-items", json: restore, token: token)
            #expect(restored.status == .ok && retried.status == .ok)
            let items = try restored.json()["items"] as? [[String: Any]] ?? []
            #expect(items.map { $0["name"] as? String } == ["Milk", "Bread", "Eggs"])
            #expect(items.map { $0["purchased"] as? Bool } == [false, false, true])
            #expect(try retried.json()["items"].map { ($0 as? [Any])?.count } == 3)

            let stats = try await api.send(.get, "/api/v1/lists/stats", token: token).json()
            #expect((stats["mostBought"] as? [[String: Any]])?.first?["count"] as? Int == 1, "a restored check is not a second purchase")
        }
    }

    @Test func anItemAddedAgainBeforeTheUndoStaysOneLine() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let listId = try await api.newList("Groceries", token: token)
            let milk = try await api.send(.post, "/api/v1/lists/\(listId)/items", json: #"{"name":"Milk","quantity":"1 l"}"#, token: token).json()
            let milkId = try #require(milk["id"] as? String)
            _ = try await api.send(.delete, "/api/v1/lists/\(listId)/items/\(milkId)", token: token)
            _ = try await api.send(.post, "/api/v1/lists/\(listId)/items", json: #"{"name":"milk","quantity":"500 ml"}"#, token: token)
            let restored = try await api.send(.post, "/api/v1/lists/\(listId)/restore-items", json: #"""
                {"items":[{"id":"\#(milkId)","name":"Milk","quantity":"1 l","purchased":false,"createdAt":"\#(milk["createdAt"] as? String ?? "")"}]}
                """#, token: token).json()
            let items = restored["items"] as? [[String: Any]] ?? []
            #expect(items.count == 1)
            #expect(items.first?["quantity"] as? String == "1.5 l")
        }
    }

    @Test func restoringIntoAnotherListOrADeletedOneIsRefused() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let groceries = try await api.newList("Groceries", token: token)
            let hardware = try await api.newList("Hardware", token: token)
            let milk = try await api.send(.post, "/api/v1/lists/\(groceries)/items", json: #"{"name":"Milk"}"#, token: token).json()
            let milkId = try #require(milk["id"] as? String)
            let moved = try await api.send(.post, "/api/v1/lists/\(hardware)/restore-items",
                                           json: #"{"items":[{"id":"\#(milkId)","name":"Milk","purchased":false,"createdAt":"2027-01-01T00:00:00Z"}]}"#,
                                           token: token)
            #expect(moved.status == .conflict)
            let badQuantity = try await api.send(.post, "/api/v1/lists/\(hardware)/restore-items",
                                                 json: #"{"items":[{"id":"\#(UUID().uuidString)","name":"Screws","quantity":"lots","purchased":false,"createdAt":"2027-01-01T00:00:00Z"}]}"#,
                                                 token: token)
            #expect(badQuantity.status == .unprocessableContent)
            #expect(try await api.send(.get, "/api/v1/lists/\(hardware)", token: token).json()["items"].map { ($0 as? [Any])?.count } == 0)
            _ = try await api.send(.delete, "/api/v1/lists/\(hardware)", token: token)
            let gone = try await api.send(.post, "/api/v1/lists/\(hardware)/restore-items",
                                          json: #"{"items":[{"id":"\#(UUID().uuidString)","name":"Screws","purchased":false,"createdAt":"2027-01-01T00:00:00Z"}]}"#,
                                          token: token)
            #expect(gone.status == .gone)
        }
    }

    @Test func suggestionsKeepCapitalsAndPreferTheListInHand() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let groceries = try await api.newList("Groceries", token: token)
            let hardware = try await api.newList("Hardware", token: token)
            for (list, name) in [(groceries, "Milk"), (groceries, "milk"), (hardware, "Mirror hooks"), (groceries, "Mint")] {
                clock.advance(by: 1)
                _ = try await api.send(.post, "/api/v1/lists/\(list)/items", json: #"{"name":"\#(name)"}"#, token: token)
            }
            let plain = try await api.send(.get, "/api/v1/lists/suggestions?q=mi", token: token).json()["names"] as? [String]
            #expect(plain?.first == "Milk", "used twice, and “milk” in a hurry keeps the capital")
            let inHardware = try await api.send(.get, "/api/v1/lists/suggestions?q=mi&list=\(hardware)", token: token).json()["names"] as? [String]
            #expect(inHardware == ["Mirror hooks", "Milk", "Mint"])
            #expect(try await api.send(.get, "/api/v1/lists/suggestions?q=mi&list=nope", token: token).status == .badRequest)
        }
    }
}
