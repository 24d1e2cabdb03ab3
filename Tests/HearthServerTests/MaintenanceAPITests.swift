import Foundation
import HTTPTypes
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Maintenance through the API and the item page, on a clock that reads 2027-01-15: tasks, the log,
/// what is due, and the log as CSV.
@Suite struct MaintenanceAPITests {
    @Test func tasksAreDoneLoggedListedAsDueAndExported() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let boiler = try await api.newItem(#"{"name":"Boiler"}"#, token: ada)
            let path = "/api/v1/inventory/items/\(boiler)/maintenance"

            // A yearly service, first due a year from today; a filter due in 3 days.
            let service = try await api.send(.post, "\(path)/tasks", json: #"{"title":"Service the boiler","every":{"count":1,"unit":"years"},"note":"Gas Safe"}"#, token: ada)
            #expect(service.status == .created, "\(service.text)")
            let serviceTask = try service.json()
            #expect(serviceTask["dueOn"] as? String == "2028-01-15" && serviceTask["status"] as? String == "later")
            let filter = try await api.send(.post, "\(path)/tasks", json: #"{"title":"Replace the filter","dueOn":"2027-01-18"}"#, token: ada).json()
            #expect(filter["status"] as? String == "dueSoon" && filter["every"] == nil)

            // A task sent again with its id (an outbox retrying): the one made the first time.
            let clientId = UUID().text
            let once = #"{"id":"\#(clientId)","title":"Check the flue","dueOn":"2027-06-01"}"#
            #expect(try await api.send(.post, "\(path)/tasks", json: once, token: ada).status == .created)
            #expect(try await api.send(.post, "\(path)/tasks", json: once, token: ada).status == .ok)
            #expect(try await api.send(.delete, "/api/v1/inventory/maintenance/tasks/\(clientId)", token: ada).status == .noContent)

            // Refused, and nothing changed: a task done once without a day, 11 years, a year 207.
            for body in [#"{"title":"Bleed the radiators"}"#, #"{"title":"X","every":{"count":11,"unit":"years"}}"#, #"{"title":"X","dueOn":"0207-01-01"}"#] {
                let refused = try await api.send(.post, "\(path)/tasks", json: body, token: ada)
                #expect(refused.status == .unprocessableContent, "\(body): \(refused.text)")
            }

            // What is due: the filter only (within 14 days); with days=366, both.
            let due = { (days: Int) in try await api.send(.get, "/api/v1/inventory/maintenance/due?days=\(days)", token: ada).json()["tasks"] as? [[String: Any]] ?? [] }
            #expect(try await due(14).map { ($0["task"] as? [String: Any])?["title"] as? String } == ["Replace the filter"])
            #expect(try await due(14).first?["itemName"] as? String == "Boiler")
            #expect(try await due(366).count == 2)

            // Done for the filter (once): due no more, and logged with its cost.
            let filterId = filter["id"] as? String ?? ""
            let logged = try await api.send(.post, "\(path)/log", json: #"{"taskId":"\#(filterId)","cost":{"amount":2499,"currency":"USD"},"note":"Genuine part"}"#, token: ada)
            #expect(logged.status == .created, "\(logged.text)")
            #expect(try logged.json()["title"] as? String == "Replace the filter" && (try logged.json())["doneOn"] as? String == "2027-01-15")
            #expect(try await due(14).isEmpty)
            let standalone = try await api.send(.post, "\(path)/log", json: #"{"title":"New pressure valve","doneOn":"2026-12-01"}"#, token: ada)
            #expect(standalone.status == .created)
            #expect(try await api.send(.post, "\(path)/log", json: #"{"note":"no title"}"#, token: ada).status == .unprocessableContent)

            // The service repeats every 6 months from now on; the note cleared.
            let serviceId = serviceTask["id"] as? String ?? ""
            let changed = try await api.send(.patch, "/api/v1/inventory/maintenance/tasks/\(serviceId)", json: #"{"every":{"count":6,"unit":"months"},"clear":["note"]}"#, token: ada).json()
            #expect((changed["every"] as? [String: Any])?["count"] as? Int == 6 && changed["note"] == nil)
            let both = try await api.send(.patch, "/api/v1/inventory/maintenance/tasks/\(serviceId)", json: #"{"note":"x","clear":["note"]}"#, token: ada)
            #expect(both.status == .unprocessableContent)

            let item = try await api.send(.get, path, token: ada).json()
            #expect((item["tasks"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Service the boiler", "Replace the filter"])
            #expect((item["log"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Replace the filter", "New pressure valve"])

            // The log as CSV, latest first.
            let csv = try await api.send(.get, "/api/v1/inventory/maintenance/log.csv", token: ada)
            #expect(csv.status == .ok && csv.headers[.contentDisposition]?.contains("hearth-maintenance-20270115.csv") == true)
            let lines = csv.text.replacingOccurrences(of: "\u{FEFF}", with: "").components(separatedBy: "\r\n")
            #expect(lines[0] == "Date,Item,Asset ID,Task,Cost,Currency,Note,Item id")
            #expect(lines[1] == "2027-01-15,Boiler,000-001,Replace the filter,24.99,USD,Genuine part,\(boiler)")
            #expect(lines[2].hasPrefix("2026-12-01,Boiler,000-001,New pressure valve,,,,"))

            // Another household sees none of it.
            let bob = try await api.signUp(email: "bob@example.org")
            #expect(try await api.send(.get, path, token: bob).status == .notFound)
            #expect(try await api.send(.delete, "/api/v1/inventory/maintenance/tasks/\(serviceId)", token: bob).status == .notFound)
            #expect((try await api.send(.get, "/api/v1/inventory/maintenance/due?days=366", token: bob).json()["tasks"] as? [[String: Any]])?.isEmpty == true)

            // Deleted: the task goes, its log stays.
            #expect(try await api.send(.delete, "/api/v1/inventory/maintenance/tasks/\(filterId)", token: ada).status == .noContent)
            let after = try await api.send(.get, path, token: ada).json()
            #expect((after["tasks"] as? [[String: Any]])?.count == 1 && (after["log"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test func theItemPageAddsTasksMarksThemDoneAndTheHomeListsWhatIsDue() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let id = UUID().text
            #expect(try await ada.api(.put, "/api/v1/inventory/items/\(id)", body: #"{"name":"Fridge"}"#).status == .created)
            var page = try await ada.get("/inventory/items/\(id)")
            #expect(page.text.contains("Nothing to do yet") && page.text.contains("action=\"/inventory/items/\(id)/maintenance/tasks\""))

            let added = try await ada.post("/inventory/items/\(id)/maintenance/tasks", ["title": "Replace the filter", "every": "6", "unit": "months",
                                                                                         "due_on": "2027-01-20", "note": ""])
            #expect(added.status == .seeOther && added.headers[.location]?.hasSuffix("#maintenance") == true)
            let refused = try await ada.post("/inventory/items/\(id)/maintenance/tasks", ["title": "Descale", "every": "six", "unit": "months"])
            #expect(refused.status == .unprocessableContent && refused.text.contains("whole number"))
            page = try await ada.get("/inventory/items/\(id)")
            #expect(page.text.contains("Replace the filter") && page.text.contains("Due in 5 days · Jan 20, 2027") && page.text.contains("Every 6 months"))

            let home = try await ada.get("/inventory")
            #expect(home.text.contains("Maintenance due") && home.text.contains("/inventory/items/\(id)#maintenance"))

            let taskId = try #require(page.text.firstMatch(of: /maintenance\/tasks\/([0-9A-F-]{36})\/done/).map { String($0.1) })
            let done = try await ada.post("/inventory/maintenance/tasks/\(taskId)/done", ["done_on": "2027-01-15", "cost": "24.99", "note": "Genuine part"])
            #expect(done.status == .seeOther)
            page = try await ada.get("/inventory/items/\(id)")
            #expect(page.text.contains("Due in 181 days · Jul 15, 2027") && page.text.contains("$24.99"), "six months after it was done")
            #expect(try await ada.get("/inventory").text.contains("Maintenance due") == false)

            let badCost = try await ada.post("/inventory/maintenance/tasks/\(taskId)/done", ["done_on": "2027-01-15", "cost": "lots"])
            #expect(badCost.status == .unprocessableContent && badCost.text.contains("The cost must be an amount"))
            let other = try await ada.post("/inventory/items/\(id)/maintenance/log", ["title": "Cleaned the coils", "done_on": "2027-01-02", "cost": ""])
            #expect(other.status == .seeOther)
            page = try await ada.get("/inventory/items/\(id)")
            let entryId = try #require(page.text.firstMatch(of: /maintenance\/log\/([0-9A-F-]{36})\/delete/).map { String($0.1) })
            #expect(try await ada.post("/inventory/maintenance/log/\(entryId)/delete").status == .seeOther)
            #expect(try await ada.post("/inventory/maintenance/tasks/\(taskId)/delete").status == .seeOther)
            let log = try await ada.api(.get, "/api/v1/inventory/items/\(id)/maintenance").json()
            #expect((log["tasks"] as? [[String: Any]])?.isEmpty == true && (log["log"] as? [[String: Any]])?.count == 1)
        }
    }
}
