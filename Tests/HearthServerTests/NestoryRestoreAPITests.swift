import Foundation
import HearthCore
import Testing
@testable import HearthServer

/// A Nestory Pro backup through the same Restore as Hearth's own: previewed, merged, replaced.
@Suite struct NestoryRestoreAPITests {
    static let camera = "4F1E2D3C-5B6A-4789-9A0B-1C2D3E4F5A6B"

    /// Two items (one with two photos the file does not carry), a custom category with a colour,
    /// a built-in one that is Hearth's "Jewelry & watches", and a receipt linked to the camera.
    static let backup = Data("""
        {
          "appVersion" : "1.2.0",
          "categories" : [
            { "colorHex" : "#0EA5E9", "iconName" : "camera.fill", "id" : "5E76D0F7-114D-5D4B-9696-8BF400CC9A2F", "isCustom" : true, "name" : "Cameras & Lenses", "sortOrder" : 13 },
            { "colorHex" : "#EC4899", "iconName" : "sparkles", "id" : "6075EE76-EA7E-590A-A9E7-803DAA8AE379", "isCustom" : false, "name" : "Jewelry", "sortOrder" : 4 }
          ],
          "exportDate" : "2025-11-29T12:00:00Z",
          "items" : [
            { "brand" : "Fujifilm", "categoryName" : "Cameras & Lenses", "condition" : "Good", "createdAt" : "2025-03-01T10:00:00Z",
              "currencyCode" : "EUR", "id" : "\(camera)", "modelNumber" : "X-T5", "name" : "Fujifilm X-T5",
              "photoIdentifiers" : [ "P1.jpg", "P2.jpg" ], "purchaseDate" : "2024-06-01T22:00:00Z", "purchasePrice" : 1699.5,
              "receiptIds" : [ "9A8B7C6D-5E4F-4321-8765-0FEDCBA98765" ], "roomName" : "Office", "serialNumber" : "FX123",
              "tags" : [ "travel" ], "updatedAt" : "2025-03-02T10:00:00Z", "warrantyExpiryDate" : "2026-06-01T22:00:00Z" },
            { "categoryName" : "Jewelry", "condition" : "New", "currencyCode" : "EUR", "id" : "7A6B5C4D-3E2F-4109-8A7B-6C5D4E3F2A1B",
              "name" : "Ring", "photoIdentifiers" : [], "purchasePrice" : 450, "receiptIds" : [], "roomName" : "Bedroom", "tags" : [] }
          ],
          "receipts" : [
            { "confidence" : 0.9, "createdAt" : "2024-06-02T09:00:00Z", "id" : "9A8B7C6D-5E4F-4321-8765-0FEDCBA98765",
              "imageIdentifier" : "R1.jpg", "purchaseDate" : "2024-06-01T22:00:00Z", "total" : 1699.5, "vendor" : "Foto Koch" }
          ],
          "rooms" : [
            { "iconName" : "desktopcomputer", "id" : "0B1C2D3E-4F50-4162-8374-95A6B7C8D9EA", "isDefault" : true, "name" : "Office", "sortOrder" : 4 }
          ]
        }
        """.utf8)

    func restore(_ api: APIClient, _ query: String, token: String) async throws -> [String: Any] {
        let response = try await api.upload("/api/v1/backup/restore?\(query)", files: [("nestory-backup-20251129-120000.json", "application/json", Self.backup)],
                                            token: token)
        #expect(response.status == .ok, "\(response.text)")
        return try response.json()
    }

    func counts(_ report: [String: Any], _ key: String) -> [String: Int] {
        (report[key] as? [String: Int] ?? [:]).filter { $0.value != 0 }
    }

    @Test func aNestoryBackupIsPreviewedMergedWithoutDuplicatesAndReplaced() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            _ = try await api.signUp(email: "ada@example.org")
            // Ada's phone is in Berlin: the account takes its time zone.
            let signedIn = try await api.send(.post, "/api/v1/auth/tokens",
                                              json: #"{"name":"phone","email":"ada@example.org","password":"correct horse battery","timeZone":"Europe/Berlin"}"#)
            let token = try signedIn.json()["token"] as? String ?? ""
            let preview = try await restore(api, "strategy=merge&dryRun=true", token: token)
            #expect(counts(preview, "items") == ["added": 2] && counts(preview, "receipts") == ["added": 1])
            #expect(counts(preview, "categories") == ["added": 1, "updated": 1] && counts(preview, "rooms") == ["updated": 1])
            #expect(preview["warnings"] as? [String] == [
                "1 receipt comes without its image (a Nestory Pro backup carries no images); shop, date, amounts and text are kept.",
                "1 item comes without its photos (the backup names them but does not carry them); it shows “photo missing” until you add them.",
            ])
            #expect((try await api.send(.get, "/api/v1/inventory/items", token: token).json()["items"] as? [Any])?.isEmpty == true)
            // The restore does what the preview said.
            var merged = try await restore(api, "strategy=merge", token: token)
            merged["dryRun"] = true
            #expect(NSDictionary(dictionary: merged) == NSDictionary(dictionary: preview))
            let camera = try await api.send(.get, "/api/v1/inventory/items/\(Self.camera)", token: token).json()
            #expect(camera["brand"] as? String == "Fujifilm" && camera["model"] as? String == "X-T5" && camera["serialNumber"] as? String == "FX123")
            let price = camera["purchasePrice"] as? [String: Any]
            #expect(price?["amount"] as? Int == 169_950 && price?["currency"] as? String == "EUR")
            // Midnight in Berlin, as the app stored it: 22:00 UTC the day before.
            #expect(camera["purchaseDate"] as? String == "2024-06-02" && camera["warrantyUntil"] as? String == "2026-06-02")
            #expect(camera["condition"] as? String == "good" && camera["tags"] as? [String] == ["travel"])
            #expect(camera["missingPhotos"] as? Int == 2 && camera["photoCount"] as? Int == 0 && camera["receiptCount"] as? Int == 1)
            let categories = try await api.send(.get, "/api/v1/inventory/categories", token: token).json()["groups"] as? [[String: Any]] ?? []
            let cameras = try #require(categories.first { $0["name"] as? String == "Cameras & Lenses" })
            #expect(cameras["color"] as? String == "#0EA5E9" && cameras["icon"] as? String == "📷" && cameras["id"] as? String == camera["categoryId"] as? String)
            let jewelry = try #require(categories.first { $0["name"] as? String == "Jewelry & watches" })
            #expect(jewelry["color"] as? String == "#EC4899" && jewelry["isDefault"] as? Bool == true && jewelry["itemCount"] as? Int == 1)
            let receipts = try await api.send(.get, "/api/v1/inventory/receipts", token: token).json()["receipts"] as? [[String: Any]] ?? []
            #expect(receipts.count == 1 && receipts.first?["status"] as? String == "confirmed" && receipts.first?["vendor"] as? String == "Foto Koch")
            // Again: every item and receipt is there already.
            let again = try await restore(api, "strategy=merge", token: token)
            #expect(counts(again, "items") == ["skipped": 2] && counts(again, "receipts") == ["skipped": 1] && counts(again, "categories") == ["skipped": 2])
            // A photo added stands in for one that did not come.
            let photo = try await api.upload("/api/v1/inventory/items/\(Self.camera)/photos", files: [("p.png", "image/png", try MediaFixture.data("image.png"))],
                                             token: token)
            #expect(photo.status == .created)
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(Self.camera)", token: token).json()["missingPhotos"] as? Int == 1)
            // Replace clears what the household had and restores the backup again.
            _ = try await api.newItem(#"{"name":"Kettle"}"#, token: token)
            let replaced = try await restore(api, "strategy=replace", token: token)
            #expect(counts(replaced, "items") == ["added": 2, "removed": 3] && counts(replaced, "receipts") == ["added": 1, "removed": 1])
            let items = try await api.send(.get, "/api/v1/inventory/items", token: token).json()["items"] as? [[String: Any]] ?? []
            #expect(Set(items.compactMap { $0["name"] as? String }) == ["Fujifilm X-T5", "Ring"])
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(Self.camera)", token: token).json()["missingPhotos"] as? Int == 2)
        }
    }
}
