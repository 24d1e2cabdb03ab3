import Foundation
import HTTPTypes
import HearthCore
import HearthMedia
import HearthReports
import HummingbirdTesting
import Testing
@testable import HearthServer

/// The inventory's CSV export and imports through the API.
@Suite struct InventoryFilesAPITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HearthReportsTests/Fixtures")
    static let homeBox = fixtures.appendingPathComponent("homebox-export.csv")
    static let homeBoxEntities = fixtures.appendingPathComponent("homebox-entities-export.csv")

    func csv(_ client: some TestClientProtocol, _ path: String, token: String) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        return try await client.execute(uri: path, method: .get, headers: headers)
    }

    @Test func theExportHasEveryItemTheFilterFindsAndReadsBack() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            _ = try await api.newItem(#"{"name":"Sofa, \"Ektorp\"","brand":"IKEA","tags":["Living","salt; pepper"],"purchasePrice":{"amount":49900,"currency":"EUR"}}"#, token: token)
            _ = try await api.newItem(#"{"name":"Kettle"}"#, token: token)
            let all = try await csv(client, "/api/v1/inventory/export.csv", token: token)
            #expect(all.status == .ok && all.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(Array(all.body.readableBytesView.prefix(3)) == [0xEF, 0xBB, 0xBF]) // so Excel reads it as UTF-8
            #expect(all.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"hearth-inventory-") == true)
            let read = try InventoryCSV.items(from: all.text, currency: "USD")
            #expect(read.items.map(\.details.name) == ["Kettle", "Sofa, \"Ektorp\""] && read.problems.isEmpty)
            #expect(read.items[1].details.purchasePrice == Money(amount: 49_900, currency: "EUR") && read.items[1].details.tags == ["Living", "salt; pepper"])
            let filtered = try await csv(client, "/api/v1/inventory/export.csv?q=ikea", token: token)
            #expect(try InventoryCSV.items(from: filtered.text, currency: "USD").items.map(\.details.name) == ["Sofa, \"Ektorp\""])
            // Importing the export again changes nothing.
            let again = try await api.upload("/api/v1/inventory/import?format=hearth", files: [("i.csv", "text/csv", Data(all.body.readableBytesView))], token: token)
            let report = try again.json()
            #expect(report["created"] as? Int == 0 && report["skipped"] as? Int == 2, "\(again.text)")
            // Another household importing it keeps when each item was added and last changed.
            clock.advance(by: 86_400)
            let eve = try await api.signUp(email: "eve@example.org")
            _ = try await api.upload("/api/v1/inventory/import?format=hearth", files: [("i.csv", "text/csv", Data(all.body.readableBytesView))], token: eve)
            func times(_ token: String) async throws -> [String] {
                let items = try await api.send(.get, "/api/v1/inventory/items?sort=name", token: token).json()["items"] as? [[String: Any]] ?? []
                return items.map { "\($0["name"] ?? "") \($0["createdAt"] ?? "") \($0["updatedAt"] ?? "")" }
            }
            #expect(try await times(eve) == (try await times(token)))
        }
    }

    @Test func aHomeBoxFileIsPreviewedThenImportedOnce() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let file = try Data(contentsOf: Self.homeBox)
            let preview = try await api.upload("/api/v1/inventory/import?format=homebox&dryRun=true", files: [("hb.csv", "text/csv", file)], token: token)
            let planned = try preview.json()
            #expect(preview.status == .ok && planned["created"] as? Int == 4 && planned["dryRun"] as? Bool == true, "\(preview.text)")
            #expect((planned["problems"] as? [[String: Any]])?.first?["line"] as? Int == 6)
            #expect((planned["roomsCreated"] as? [String]) == ["Kitchen / Pantry", "Home"])
            #expect(try await api.send(.get, "/api/v1/inventory/items", token: token).json()["total"] as? Int == 0)
            let imported = try await api.upload("/api/v1/inventory/import?format=homebox", files: [("hb.csv", "text/csv", file)], token: token)
            #expect(try imported.json()["created"] as? Int == 4)
            let twice = try await api.upload("/api/v1/inventory/import?format=homebox", files: [("hb.csv", "text/csv", file)], token: token)
            #expect(try twice.json()["created"] as? Int == 0 && (try twice.json()["skipped"] as? Int) == 4)
            // That file has no parent column: an item kept in another by hand stays there, in its room.
            let all = try await api.send(.get, "/api/v1/inventory/items?status=all&sort=name", token: token).json()["items"] as? [[String: Any]] ?? []
            let monitor = try #require(all.first { ($0["name"] as? String)?.hasPrefix("Dell") == true }?["id"] as? String)
            let drill = try #require(all.first { ($0["name"] as? String)?.hasPrefix("Cordless") == true }?["id"] as? String)
            #expect(try await api.send(.patch, "/api/v1/inventory/items/\(monitor)", json: #"{"containerId":"\#(drill)"}"#, token: token).status == .ok)
            let third = try await api.upload("/api/v1/inventory/import?format=homebox", files: [("hb.csv", "text/csv", file)], token: token)
            #expect(try third.json()["skipped"] as? Int == 4)
            let kept = try await api.send(.get, "/api/v1/inventory/items/\(monitor)", token: token).json()
            #expect(kept["containerId"] as? String == drill && kept["roomId"] as? String == all.first { $0["id"] as? String == drill }?["roomId"] as? String)
            #expect(try await api.send(.get, "/api/v1/inventory/items?q=dell", token: token).json()["total"] as? Int == 1)
        }
    }

    @Test func aHomeBoxExportWithLocationsContainersAndSoldItemsKeepsItsStructure() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let file = try Data(contentsOf: Self.homeBoxEntities)
            func importFile(_ data: Data, dryRun: Bool = false) async throws -> [String: Any] {
                try await api.upload("/api/v1/inventory/import?format=homebox&dryRun=\(dryRun)", files: [("hb.csv", "text/csv", data)], token: token).json()
            }
            func items(_ query: String = "") async throws -> [[String: Any]] {
                try await api.send(.get, "/api/v1/inventory/items?sort=name\(query)", token: token).json()["items"] as? [[String: Any]] ?? []
            }
            let preview = try await importFile(file, dryRun: true)
            var imported = try await importFile(file)
            imported["dryRun"] = true
            #expect(NSDictionary(dictionary: imported) == NSDictionary(dictionary: preview))
            #expect(preview["created"] as? Int == 6 && preview["roomsCreated"] as? [String] == ["Home", "Home / Living Room", "Cabin", "Cabin / Living Room", "Cabin / Shed"])
            let battery = (preview["rows"] as? [[String: Any]])?.first { $0["name"] as? String == "Spare Battery" }
            #expect((battery?["reason"] as? String)?.hasPrefix("quantity 2.5 taken as 3") == true)
            // Sold and archived items are kept for the record, outside the list, the totals and the score.
            #expect(try await items().map { $0["name"] as? String } == ["Armchair", "Cordless Drill", "Sofa", "Spare Battery"])
            #expect(try await items("&status=gone").map { $0["name"] as? String } == ["Broken lamp", "Old bike"])
            #expect(try await items("&status=all").count == 6)
            let summary = try await api.send(.get, "/api/v1/inventory/summary", token: token).json()
            #expect(summary["itemCount"] as? Int == 4)
            #expect((summary["totals"] as? [[String: Any]])?.first?["amount"] as? Int == 8_999 + 3 * 4_500 + 79_900 + 25_000)
            // The battery is kept in the drill, and the drill's page says what it holds.
            let all = try await items("&status=all")
            let drill = try #require(all.first { $0["name"] as? String == "Cordless Drill" }?["id"] as? String)
            #expect(all.first { $0["name"] as? String == "Spare Battery" }?["containerId"] as? String == drill)
            let web = WebUser(client)
            try await web.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
            let page = try await web.get("/inventory/items/\(drill)").text
            #expect(page.contains(#"id="holds""#) && page.contains("Spare Battery"))
            // Again, and again after an edit in HomeBox: rows without a reference are found by HomeBox's id.
            let again = try await importFile(file)
            #expect(again["created"] as? Int == 0 && again["updated"] as? Int == 0 && again["skipped"] as? Int == 6, "\(again)")
            let edited = try await importFile(Data(String(decoding: file, as: UTF8.self).replacingOccurrences(of: ",799,", with: ",749,").utf8))
            #expect(edited["created"] as? Int == 0 && edited["updated"] as? Int == 1)
            // Hearth's own export of it reads back unchanged, status and containers included.
            let export = try await csv(client, "/api/v1/inventory/export.csv?status=all", token: token)
            let own = try await api.upload("/api/v1/inventory/import?format=hearth", files: [("i.csv", "text/csv", Data(export.body.readableBytesView))], token: token).json()
            #expect(own["created"] as? Int == 0 && own["updated"] as? Int == 0 && own["skipped"] as? Int == 6, "\(own)")
            // An export of the battery alone (its drill not in the file) leaves it in the drill.
            let batteryOnly = try await csv(client, "/api/v1/inventory/export.csv?q=battery", token: token)
            let alone = try await api.upload("/api/v1/inventory/import?format=hearth", files: [("b.csv", "text/csv", Data(batteryOnly.body.readableBytesView))], token: token).json()
            #expect(alone["skipped"] as? Int == 1 && alone["updated"] as? Int == 0, "\(alone)")
            // A container must be one of the household's items, never the item itself.
            let loop = try await api.send(.patch, "/api/v1/inventory/items/\(drill)", json: #"{"containerId":"\#(drill)"}"#, token: token)
            #expect(loop.status == .unprocessableContent)
        }
    }

    @Test func aFileThatIsNotATableOrOfTheOtherFormatIsRefused() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let homeBox = try Data(contentsOf: Self.homeBox)
            let wrong = try await api.upload("/api/v1/inventory/import?format=hearth", files: [("hb.csv", "text/csv", homeBox)], token: token)
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("choose HomeBox"))
            #expect(wrong.text.contains("it has no Name column; its columns are: HB.import_ref, HB.location, HB.labels"), "\(wrong.text)")
            let picture = try await api.upload("/api/v1/inventory/import", files: [("x.png", "image/png", try MediaFixture.data("image.png"))], token: token)
            #expect(picture.status == .unprocessableContent)
            #expect(try await api.send(.get, "/api/v1/inventory/items", token: token).json()["total"] as? Int == 0)
        }
    }

    @Test func aFileThatIsNotUTF8IsReadAsWindows1252AndThePreviewSaysSo() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            // Excel on Windows in France: semicolons, and "Crème brûlée" in Windows-1252.
            let legacy = Data("Name;Brand\r\n".utf8) + Data([0x43, 0x72, 0xE8, 0x6D, 0x65, 0x20, 0x62, 0x72, 0xFB, 0x6C, 0xE9, 0x65]) + Data(";Le Creuset\r\n".utf8)
            let preview = try await api.upload("/api/v1/inventory/import?dryRun=true", files: [("fr.csv", "text/csv", legacy)], token: token)
            let report = try preview.json()
            #expect(preview.status == .ok && report["encoding"] as? String == "windows-1252", "\(preview.text)")
            #expect((report["notice"] as? String)?.contains("read as Windows-1252") == true)
            #expect((report["rows"] as? [[String: Any]])?.first?["name"] as? String == "Crème brûlée")
            // The same in UTF-8 with a byte-order mark: no notice.
            let utf8 = Data("\u{FEFF}Name;Brand\r\nCrème brûlée;Le Creuset\r\n".utf8)
            let clean = try await api.upload("/api/v1/inventory/import", files: [("fr.csv", "text/csv", utf8)], token: token).json()
            #expect(clean["encoding"] as? String == "utf-8" && clean["notice"] == nil && clean["created"] as? Int == 1)
            let items = try await api.send(.get, "/api/v1/inventory/items", token: token).json()["items"] as? [[String: Any]]
            #expect(items?.first?["name"] as? String == "Crème brûlée" && items?.first?["brand"] as? String == "Le Creuset")
        }
    }

    @Test func theInventoryPDFHasTheRoomsAskedFor() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let rooms = try await api.send(.get, "/api/v1/inventory/rooms", token: token).json()["groups"] as? [[String: Any]] ?? []
            let id = { (name: String) in rooms.first { $0["name"] as? String == name }?["id"] as? String ?? "" }
            let bike = try await api.newItem(#"{"name":"Road bike","roomId":"\#(id("Garage"))"}"#, token: token)
            _ = try await api.upload("/api/v1/inventory/items/\(bike)/photos", files: [("bike.jpg", "image/jpeg", try MediaFixture.data("rotated-gps.jpg"))], token: token)
            _ = try await api.newItem(#"{"name":"Kettle","roomId":"\#(id("Kitchen"))"}"#, token: token)
            let all = try await csv(client, "/api/v1/inventory/report.pdf", token: token)
            #expect(all.status == .ok && all.headers[.contentType] == "application/pdf" && Data(all.body.readableBytesView).starts(with: Data("%PDF".utf8)))
            let text = try Self.pdfText(Data(all.body.readableBytesView))
            #expect(text.contains("Road bike") && text.contains("Kettle") && text.contains("Road bike: photo 1 of 1"))
            let garage = try await csv(client, "/api/v1/inventory/report.pdf?rooms=\(id("Garage"))&photos=false", token: token)
            let garageText = try Self.pdfText(Data(garage.body.readableBytesView))
            #expect(garageText.contains("Road bike") && !garageText.contains("Kettle") && !garageText.contains("photo 1 of 1"))
            #expect(try await csv(client, "/api/v1/inventory/report.pdf?rooms=kitchen", token: token).status == .badRequest)
        }
    }

    static func pdfText(_ pdf: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).pdf")
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ChildProcess.output("/usr/bin/pdftotext", [file.path, "-"])
    }
}
