import Foundation
import HTTPTypes
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// The yearly check through the API and the pages, on a clock that reads 2027-01-15 (and a year on).
@Suite struct YearlyCheckAPITests {
    @Test func aRoomIsWalkedItsThingsAnsweredAndTheScoreMayCountIt() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let rooms = try await ada.api(.get, "/api/v1/inventory/rooms").json()["groups"] as? [[String: Any]] ?? []
            let kitchen = try #require(rooms.first { $0["name"] as? String == "Kitchen" }?["id"] as? String)
            let garage = try #require(rooms.first { $0["name"] as? String == "Garage" }?["id"] as? String)
            var ids: [String: String] = [:]
            for name in ["Kettle", "Toaster", "Drill", "Mixer"] {
                let id = UUID().text
                #expect(try await ada.api(.put, "/api/v1/inventory/items/\(id)", body: #"{"name":"\#(name)","room":"\#(kitchen)"}"#).status == .created)
                ids[name] = id
            }
            clock.advance(by: 366 * 86_400)  // 2028-01-16: none seen in 12 months (and signed out long since)
            #expect(try await ada.post("/login", ["email": "ada@example.org", "password": "correct horse battery"]).status == .seeOther)

            var summary = try await ada.api(.get, "/api/v1/inventory/summary").json()
            #expect(summary["unchecked"] as? Int == 4 && summary["lastChecked"] == nil && summary["checkCountsInScore"] as? Bool == false)
            let home = try await ada.get("/inventory")
            #expect(home.text.contains("Yearly check") && home.text.contains("href=\"/inventory/check\""))
            var page = try await ada.get("/inventory/check")
            #expect(page.text.contains("Not checked yet.") && page.text.contains("0 of 4 checked"))
            page = try await ada.get("/inventory/check?room=\(kitchen)")
            #expect(page.text.contains("<h1>Check ") && page.text.contains("Kitchen</h1>"))
            #expect(page.text.contains("Kettle") && page.text.contains("not checked since it was added"))

            // Still here, found in the garage, gone; the mixer through the API.
            let back = ["back": kitchen]
            #expect(try await ada.post("/inventory/check/items/\(ids["Kettle"]!)", back.merging(["answer": "here"]) { $1 }).status == .seeOther)
            #expect(try await ada.post("/inventory/check/items/\(ids["Drill"]!)", back.merging(["answer": "moved", "room": garage]) { $1 }).status == .seeOther)
            #expect(try await ada.post("/inventory/check/items/\(ids["Toaster"]!)", back.merging(["answer": "gone"]) { $1 }).status == .seeOther)
            let bulk = try await ada.api(.post, "/api/v1/inventory/items/bulk", body: #"{"action":"check","itemIds":["\#(ids["Mixer"]!)"]}"#)
            #expect(try bulk.json()["changed"] as? Int == 1)
            page = try await ada.get("/inventory/check?room=\(kitchen)")
            #expect(page.text.contains("Everything here is checked."))

            let item = { (name: String) in try await ada.api(.get, "/api/v1/inventory/items/\(ids[name]!)").json() }
            #expect(try await item("Kettle")["verifiedOn"] as? String == "2028-01-16")
            let drill = try await item("Drill")
            #expect(drill["roomId"] as? String == garage && drill["verifiedOn"] as? String == "2028-01-16")
            #expect(try await item("Toaster")["disposition"] as? String == "archived")
            summary = try await ada.api(.get, "/api/v1/inventory/summary").json()
            #expect(summary["unchecked"] as? Int == 0 && summary["lastChecked"] as? String == "2028-01-16")
            #expect(try await ada.get("/inventory/items/\(ids["Kettle"]!)").text.contains("Jan 16, 2028"))
            let report = try await ada.api(.get, "/api/v1/inventory/report.pdf?photos=false")
            let cover = try InventoryFilesAPITests.pdfText(Data(report.body.readableBytesView)).replacingOccurrences(of: "\n", with: " ")
            #expect(cover.contains("Last checked") && cover.contains("Jan 16, 2028 · every item seen in the last 12 months"), "\(cover.prefix(600))")
            let csv = try await ada.api(.get, "/api/v1/inventory/export.csv").text
            #expect(csv.contains("Last checked") && csv.contains("2028-01-16"))

            // The setting: through the page, and kept by a PUT that leaves it out.
            #expect(try await ada.post("/inventory/check/settings", ["counts": "on"]).status == .seeOther)
            var settings = try await ada.api(.put, "/api/v1/inventory/settings", body: #"{"currency":"EUR"}"#).json()
            #expect(settings["checkCountsInScore"] as? Bool == true)
            settings = try await ada.api(.put, "/api/v1/inventory/settings", body: #"{"currency":"EUR","checkCountsInScore":false}"#).json()
            #expect(settings["checkCountsInScore"] as? Bool == false)

            // A room of another household is not found, and its things are not checked.
            let bob = WebUser(client)
            try await bob.register(name: "Bob", email: "bob@example.org")
            let refused = try await bob.api(.post, "/api/v1/inventory/items/bulk", body: #"{"action":"check","itemIds":["\#(ids["Mixer"]!)"],"roomId":"\#(garage)"}"#)
            #expect(refused.status == .notFound)
            #expect(try await bob.post("/inventory/check/items/\(ids["Mixer"]!)", ["answer": "here"]).status == .notFound)
        }
    }
}
