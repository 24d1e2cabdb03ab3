import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct ListsAPITests {
    @Test func aShoppingRoundTrip() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            // Setup
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let listId = UUID().uuidString
            // Act: create (twice, as a retrying phone would), add, check.
            let created = try await api.send(.post, "/api/v1/lists", json: #"{"id":"\#(listId)","name":"Groceries","emoji":"🛒"}"#, token: token)
            let retried = try await api.send(.post, "/api/v1/lists", json: #"{"id":"\#(listId)","name":"Groceries","emoji":"🛒"}"#, token: token)
            let item = try await api.send(.post, "/api/v1/lists/\(listId)/items", json: #"{"name":"Milk","quantity":"2 l"}"#, token: token).json()
            let itemId = try #require(item["id"] as? String)
            clock.advance(by: 10) // the checks below happen in the shop, after the item was added
            let checked = try await api.send(.patch, "/api/v1/lists/\(listId)/items/\(itemId)",
                                             json: #"{"purchased":true,"changedAt":"2027-01-15T08:00:05Z"}"#, token: token).json()
            let late = try await api.send(.patch, "/api/v1/lists/\(listId)/items/\(itemId)",
                                          json: #"{"purchased":false,"changedAt":"2027-01-15T08:00:01Z"}"#, token: token).json()
            // Check
            #expect(created.status == .created)
            #expect(retried.status == .ok)
            #expect(item["quantity"] as? String == "2 l")
            #expect(checked["purchased"] as? Bool == true)
            #expect(late["purchased"] as? Bool == true)
            let list = try await api.send(.get, "/api/v1/lists/\(listId)", token: token).json()
            #expect(list["emoji"] as? String == "🛒")
            #expect((list["items"] as? [[String: Any]])?.count == 1)
            #expect(try await api.send(.get, "/api/v1/lists", token: token).json()["lists"].map { ($0 as? [Any])?.count } == 1)
            let stats = try await api.send(.get, "/api/v1/lists/stats", token: token).json()
            #expect(stats["completionRate"] as? Double == 1.0)
            #expect((stats["mostBought"] as? [[String: Any]])?.first?["name"] as? String == "Milk")
        }
    }

    @Test func badInputIsRefusedAndChangesNothing() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            #expect(try await api.send(.post, "/api/v1/lists", json: #"{"name":"  "}"#, token: token).status == .unprocessableContent)
            let long = String(repeating: "x", count: 201)
            #expect(try await api.send(.post, "/api/v1/lists", json: #"{"name":"\#(long)"}"#, token: token).status.code >= 400)
            let id = try await api.newList("Groceries", token: token)
            let bad = try await api.send(.post, "/api/v1/lists/\(id)/items", json: #"{"name":"Milk","quantity":"lots"}"#, token: token)
            #expect(bad.status == .unprocessableContent)
            #expect(try bad.json()["detail"] as? String == "“lots” is not a quantity; write a number and an optional unit, e.g. 2 l or 500 g.")
            #expect(try await api.send(.get, "/api/v1/lists/\(UUID().uuidString)", token: token).status == .notFound)
            let bread = try await api.send(.post, "/api/v1/lists/\(id)/items", json: #"{"name":"Bread"}"#, token: token).json()
            let breadId = try #require(bread["id"] as? String)
            #expect(try await api.send(.delete, "/api/v1/lists/\(id)", token: token).status == .noContent)
            #expect(try await api.send(.post, "/api/v1/lists/\(id)/items", json: #"{"name":"Milk"}"#, token: token).status == .gone)
            let late = try await api.send(.patch, "/api/v1/lists/\(id)/items/\(breadId)", json: #"{"purchased":true}"#, token: token)
            #expect(late.status == .gone)
            #expect(try late.json()["detail"] as? String == "This list is in Recently deleted; restore it first.")
            let deleted = try await api.send(.get, "/api/v1/lists/deleted", token: token).json()["lists"] as? [[String: Any]]
            #expect(deleted?.count == 1)
            #expect(try await api.send(.post, "/api/v1/lists/\(id)/restore", token: token).status == .ok)
            let restored = try await api.send(.get, "/api/v1/lists/\(id)", token: token).json()
            #expect((restored["items"] as? [[String: Any]])?.first?["purchased"] as? Bool == false) // the late check changed nothing
        }
    }

    @Test func anotherHouseholdGetsNotFoundEverywhere() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let eve = try await api.signUp(name: "Eve", email: "eve@example.org")
            let list = try await api.send(.post, "/api/v1/lists", json: #"{"name":"Groceries"}"#, token: ada).json()
            let id = try #require(list["id"] as? String)
            let item = try await api.send(.post, "/api/v1/lists/\(id)/items", json: #"{"name":"Eggs"}"#, token: ada).json()
            let itemId = try #require(item["id"] as? String)

            #expect(try await api.send(.get, "/api/v1/lists/\(id)", token: eve).status == .notFound)
            #expect(try await api.send(.patch, "/api/v1/lists/\(id)", json: #"{"name":"Mine"}"#, token: eve).status == .notFound)
            #expect(try await api.send(.delete, "/api/v1/lists/\(id)", token: eve).status == .notFound)
            #expect(try await api.send(.post, "/api/v1/lists/\(id)/restore", token: eve).status == .notFound)
            #expect(try await api.send(.delete, "/api/v1/lists/\(id)/purge", token: eve).status == .notFound)
            #expect(try await api.send(.post, "/api/v1/lists/\(id)/items", json: #"{"name":"X"}"#, token: eve).status == .notFound)
            #expect(try await api.send(.patch, "/api/v1/lists/\(id)/items/\(itemId)", json: #"{"purchased":true}"#, token: eve).status == .notFound)
            #expect(try await api.send(.delete, "/api/v1/lists/\(id)/items/\(itemId)", token: eve).status == .notFound)
            #expect(try await api.send(.post, "/api/v1/lists/\(id)/clear-purchased", token: eve).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/lists/suggestions?q=eg", token: eve).json()["names"].map { ($0 as? [Any])?.count } == 0)
            #expect(try await api.send(.get, "/api/v1/lists/stats", token: eve).json()["totalItems"] as? Int == 0)
            #expect(try await api.send(.get, "/api/v1/lists/\(id)", token: ada).json()["name"] as? String == "Groceries")
        }
    }

    @Test func everyRFC3339FormOfChangedAtIsReadAndOthersAreRefused() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let id = try await api.newList("Groceries", token: token)
            let item = try await api.send(.post, "/api/v1/lists/\(id)/items", json: #"{"name":"Milk"}"#, token: token).json()
            let itemId = try #require(item["id"] as? String)
            for stamp in ["2026-01-01T10:00:00-21:54", "2026-01-01t10:00:00z", "2026-01-01T10:00:00.5+01:00"] {
                let response = try await api.send(.patch, "/api/v1/lists/\(id)/items/\(itemId)",
                                                  json: #"{"purchased":true,"changedAt":"\#(stamp)"}"#, token: token)
                #expect(response.status == .ok, "\(stamp)")
            }
            for stamp in ["", "garbage", "2026-02-30T10:00:00Z"] {
                let response = try await api.send(.patch, "/api/v1/lists/\(id)/items/\(itemId)",
                                                  json: #"{"purchased":false,"changedAt":"\#(stamp)"}"#, token: token)
                #expect(response.status == .badRequest, "\(stamp)")
                #expect(try response.json()["detail"] as? String == "The request is not valid: “\(stamp)” is not a date and time; use RFC 3339, e.g. 2027-01-15T08:00:05Z.")
            }
        }
    }

    @Test func aControlCharacterInANameIsRefusedNotCutShort() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let hidden = try await api.send(.post, "/api/v1/lists", json: #"{"name":"\u0000hidden"}"#, token: token)
            #expect(hidden.status == .unprocessableContent)
            #expect(try hidden.json()["detail"] as? String == "The name must not contain control characters.")
            let id = try await api.newList("Groceries", token: token)
            #expect(try await api.send(.post, "/api/v1/lists/\(id)/items", json: #"{"name":"mi\u0000lk"}"#, token: token).status == .unprocessableContent)
            #expect(try await api.send(.get, "/api/v1/lists/suggestions?q=mi%00", token: token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/lists", token: token).json()["lists"].map { ($0 as? [Any])?.count } == 1)
        }
    }

    @Test func aPositionOutsideItsRangeIsRefused() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let id = try await api.newList("Groceries", token: token)
            for position in [0, -1, 1_000_001] {
                #expect(try await api.send(.patch, "/api/v1/lists/\(id)", json: #"{"position":\#(position)}"#, token: token).status == .unprocessableContent)
            }
            #expect(try await api.send(.patch, "/api/v1/lists/\(id)", json: #"{"position":50}"#, token: token).status == .ok)
        }
    }
}

extension ListsAPITests {
    /// A read the household repeats is answered from memory (ListPageAnswers), but never after a
    /// change, never to another household, and never for another page.
    @Test func aRememberedListIsOnlyEverTheCurrentOneOfTheSameHousehold() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let eve = try await api.signUp(email: "eve@example.org")
            let id = try await api.newList("Party", token: ada)
            let milk = try await api.send(.post, "/api/v1/lists/\(id)/items", json: #"{"name":"Milk"}"#, token: ada).json()["id"] as? String ?? ""
            let first = try await api.send(.get, "/api/v1/lists/\(id)", token: ada)
            let again = try await api.send(.get, "/api/v1/lists/\(id)", token: ada)
            #expect(again.status == .ok && again.headers[.contentType] == "application/json; charset=utf-8")
            #expect(again.body == first.body)
            #expect(try await api.send(.get, "/api/v1/lists/\(id)", token: eve).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/lists/\(id)?limit=1", token: ada).json()["nextCursor"] == nil)

            #expect(try await api.send(.patch, "/api/v1/lists/\(id)/items/\(milk)", json: #"{"purchased":true}"#, token: ada).status == .ok)
            let items = try await api.send(.get, "/api/v1/lists/\(id)", token: ada).json()["items"] as? [[String: Any]]
            #expect(items?.first?["purchased"] as? Bool == true)
            #expect(try await api.send(.delete, "/api/v1/lists/\(id)", token: ada).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/lists/\(id)", token: ada).status == .gone)
        }
    }

    @Test func aLongListIsReadAPageAtATime() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let id = try await api.newList("Party", token: token)
            for n in 1...7 {
                clock.advance(by: 1)
                #expect(try await api.send(.post, "/api/v1/lists/\(id)/items", json: #"{"name":"Item \#(n)"}"#, token: token).status == .created)
            }
            var names: [String] = []
            var path = "/api/v1/lists/\(id)?limit=3"
            while true {
                let response = try await api.send(.get, path, token: token)
                #expect(response.status == .ok)
                #expect(response.headers[.init("Server-Timing")!]?.hasPrefix("app;dur=") == true)
                let page = try response.json()
                #expect(page["itemCount"] as? Int == 7)
                names += (page["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                guard let cursor = page["nextCursor"] as? String else { break }
                path = "/api/v1/lists/\(id)?limit=3&cursor=\(cursor)"
            }
            #expect(names == (1...7).map { "Item \($0)" })
            let whole = try await api.send(.get, "/api/v1/lists/\(id)", token: token).json()
            #expect((whole["items"] as? [Any])?.count == 7 && whole["nextCursor"] == nil)

            let forged = try await api.send(.get, "/api/v1/lists/\(id)?cursor=2\(String(repeating: "0", count: 64))", token: token)
            #expect(forged.status == .badRequest)
            #expect(try await api.send(.get, "/api/v1/lists/\(id)?limit=0", token: token).status == .badRequest)
            #expect(try await api.send(.get, "/api/v1/lists/\(id)?limit=1001", token: token).status == .badRequest)
        }
    }
}

extension APIClient {
    /// Creates a list and returns its id.
    func newList(_ name: String, token: String) async throws -> String {
        let list = try await send(.post, "/api/v1/lists", json: #"{"name":"\#(name)"}"#, token: token).json()
        return try #require(list["id"] as? String)
    }
}
