import Foundation
import HTTPTypes
import HearthCore
import HearthReports
import HummingbirdTesting
import Testing
@testable import HearthServer

/// The inventory's CSV export and imports through the API.
@Suite struct InventoryFilesAPITests {
    static let homeBox = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HearthReportsTests/Fixtures/homebox-export.csv")

    func csv(_ client: some TestClientProtocol, _ path: String, token: String) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        return try await client.execute(uri: path, method: .get, headers: headers)
    }

    @Test func theExportHasEveryItemTheFilterFindsAndReadsBack() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            _ = try await api.newItem(#"{"name":"Sofa, \"Ektorp\"","brand":"IKEA","tags":["Living"],"purchasePrice":{"amount":49900,"currency":"EUR"}}"#, token: token)
            _ = try await api.newItem(#"{"name":"Kettle"}"#, token: token)
            let all = try await csv(client, "/api/v1/inventory/export.csv", token: token)
            #expect(all.status == .ok && all.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(all.headers[HTTPField.Name("Content-Disposition")!]?.contains("hearth-inventory-") == true)
            let read = try InventoryCSV.items(from: all.text, currency: "USD")
            #expect(read.items.map(\.details.name) == ["Kettle", "Sofa, \"Ektorp\""] && read.problems.isEmpty)
            #expect(read.items[1].details.purchasePrice == Money(amount: 49_900, currency: "EUR") && read.items[1].details.tags == ["Living"])
            let filtered = try await csv(client, "/api/v1/inventory/export.csv?q=ikea", token: token)
            #expect(try InventoryCSV.items(from: filtered.text, currency: "USD").items.map(\.details.name) == ["Sofa, \"Ektorp\""])
            // Importing the export again changes nothing.
            let again = try await api.upload("/api/v1/inventory/import?format=hearth", files: [("i.csv", "text/csv", Data(all.body.readableBytesView))], token: token)
            let report = try again.json()
            #expect(report["created"] as? Int == 0 && report["skipped"] as? Int == 2, "\(again.text)")
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
            #expect((planned["roomsCreated"] as? [String]) == ["Pantry", "Home"])
            #expect(try await api.send(.get, "/api/v1/inventory/items", token: token).json()["total"] as? Int == 0)
            let imported = try await api.upload("/api/v1/inventory/import?format=homebox", files: [("hb.csv", "text/csv", file)], token: token)
            #expect(try imported.json()["created"] as? Int == 4)
            let twice = try await api.upload("/api/v1/inventory/import?format=homebox", files: [("hb.csv", "text/csv", file)], token: token)
            #expect(try twice.json()["created"] as? Int == 0 && (try twice.json()["skipped"] as? Int) == 4)
            #expect(try await api.send(.get, "/api/v1/inventory/items?q=dell", token: token).json()["total"] as? Int == 1)
        }
    }

    @Test func aFileThatIsNotATableOrOfTheOtherFormatIsRefused() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let homeBox = try Data(contentsOf: Self.homeBox)
            let wrong = try await api.upload("/api/v1/inventory/import?format=hearth", files: [("hb.csv", "text/csv", homeBox)], token: token)
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("choose HomeBox"))
            let picture = try await api.upload("/api/v1/inventory/import", files: [("x.png", "image/png", try MediaFixture.data("image.png"))], token: token)
            #expect(picture.status == .unprocessableContent)
            #expect(try await api.send(.get, "/api/v1/inventory/items", token: token).json()["total"] as? Int == 0)
        }
    }
}
