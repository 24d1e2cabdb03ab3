import Foundation
import HearthCore
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import HearthServer

/// The inventory's lock in a browser: the Inventory, its reports, Backups and their API locked after
/// the chosen time without use, opened with the password; Focus, Lists and API tokens never locked.
@Suite struct InventoryLockPagesTests {
    let clock = VirtualClock()
    static let locked = "urn:hearth:problem:inventory-locked"

    /// Ada signed in through the pages, with the lock set to `lockAfter` from there.
    func adaWithLock(_ client: some TestClientProtocol, _ lockAfter: String) async throws -> WebUser {
        let ada = WebUser(client)
        try await ada.register(email: "ada@example.org")
        let saved = try await ada.post("/settings/security/inventory-lock", ["lock_after": lockAfter])
        #expect(saved.headers[.location] == "/settings/security?notice=saved")
        return ada
    }

    @Test func theLockKeepsTheInventoryAndBackupsButNotFocusListsOrTokens() async throws {
        try await withApp(clock: clock) { client in
            let ada = try await adaWithLock(client, "5m")
            let token = try await APIClient(client: client).signIn(email: "ada@example.org")
            #expect(try await ada.get("/inventory").status == .ok)
            #expect(try await ada.get("/inventory").text.contains("data-inventory-lock=\"5m\""))

            clock.advance(by: 5 * 60 + 1)
            #expect(try await ada.get("/inventory/items?room=a&q=b").headers[.location] == "/unlock?next=/inventory/items?room%3Da%26q%3Db")
            #expect(try await ada.get("/settings/backups").headers[.location] == "/unlock?next=/settings/backups")
            let api = try await ada.get("/api/v1/inventory/items")
            #expect(api.status == .forbidden)
            #expect(try api.json()["type"] as? String == Self.locked)
            #expect(try await ada.get("/focus").status == .ok)
            #expect(try await ada.get("/lists").status == .ok)
            #expect(try await APIClient(client: client).send(.get, "/api/v1/inventory/items", token: token).status == .ok)

            let screen = try await ada.get("/unlock?next=/inventory/items?room%3Da%26q%3Db")
            #expect(screen.status == .ok && screen.text.contains("id=\"unlock-form\""))
            let wrong = try await ada.post("/unlock", ["password": "a guess", "next": "/inventory/items?room=a&q=b"])
            #expect(wrong.status == .forbidden && wrong.text.contains("id=\"unlock-form\""))
            #expect(try await ada.get("/inventory").status == .seeOther)
            let opened = try await ada.post("/unlock", ["password": "correct horse battery", "next": "/inventory/items?room=a&q=b"])
            #expect(opened.headers[.location] == "/inventory/items?room=a&q=b")
            #expect(try await ada.get("/inventory").status == .ok)
            // Opened with the password, which confirms it is Ada too.
            #expect(try await ada.get("/api/v1/backup?media=false").status == .ok)
        }
    }

    @Test func usingTheInventoryKeepsItOpenAndAskingDoesNot() async throws {
        try await withApp(clock: clock) { client in
            let ada = try await adaWithLock(client, "5m")
            clock.advance(by: 4 * 60)
            #expect(try await ada.post("/lock/used").text == #"{"locked":false}"#)
            clock.advance(by: 4 * 60)
            #expect(try await ada.get("/lock/state").text == #"{"locked":false}"#)
            clock.advance(by: 61)
            #expect(try await ada.get("/lock/state").text == #"{"locked":true}"#)
            #expect(try await ada.post("/lock/used").text == #"{"locked":true}"#) // a use does not open it
            #expect(try await ada.get("/unlock?next=/inventory").status == .ok)
        }
    }

    @Test func lockingImmediatelyClosesFifteenSecondsAfterTheShownPageWentQuiet() async throws {
        try await withApp(clock: clock) { client in
            let ada = try await adaWithLock(client, "immediately")
            for _ in 0..<6 { // shown for half a minute, saying so every 5 seconds
                clock.advance(by: 5)
                #expect(try await ada.post("/lock/used").text == #"{"locked":false}"#)
            }
            clock.advance(by: 16)
            #expect(try await ada.get("/inventory").headers[.location] == "/unlock?next=/inventory")
        }
    }

    @Test func aLockedBrowserOpensTheLockBeforeItLoosensIt() async throws {
        try await withApp(clock: clock) { client in
            let ada = try await adaWithLock(client, "1m")
            let token = try await APIClient(client: client).signIn(email: "ada@example.org")
            clock.advance(by: 61)
            let loosen = try await ada.post("/settings/security/inventory-lock", ["lock_after": "never"])
            #expect(loosen.headers[.location] == "/unlock?next=/settings/security")
            let put = try await ada.api(.put, "/api/v1/me/inventory-lock", body: #"{"lockAfter":"never"}"#)
            #expect(put.status == .forbidden)
            let api = APIClient(client: client)
            #expect(try await api.send(.get, "/api/v1/me/inventory-lock", token: token).json()["lockAfter"] as? String == "1m")
            // A token is no browser: it may change it.
            let changed = try await api.send(.put, "/api/v1/me/inventory-lock", json: #"{"lockAfter":"15m"}"#, token: token)
            #expect(try changed.json()["lockAfter"] as? String == "15m")
            #expect(try await api.send(.put, "/api/v1/me/inventory-lock", json: #"{"lockAfter":"2m"}"#, token: token).status == .badRequest)
        }
    }

    @Test func turningTheLockOnLocksBrowsersIdleElsewhereAndLockNowLocksThisOne() async throws {
        try await withApp(clock: clock) { client in
            let laptop = WebUser(client)
            try await laptop.register(email: "ada@example.org")
            clock.advance(by: 10 * 60)
            let phone = WebUser(client)
            try await phone.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
            try await phone.post("/settings/security/inventory-lock", ["lock_after": "5m"])
            #expect(try await phone.get("/inventory").status == .ok)
            #expect(try await laptop.get("/inventory").status == .seeOther)

            let now = try await phone.post("/lock/now")
            #expect(now.headers[.location] == "/unlock?next=/inventory")
            #expect(try await phone.get("/inventory").status == .seeOther)
        }
    }
}
