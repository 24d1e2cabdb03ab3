import Foundation
import HearthCore
import HearthReports
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct InventoryReceiptAPITests {
    @Test func aPhotographedReceiptIsReadProposedConfirmedAndLinkedToTwoItems() async throws {
        try await withApp { client in
            // Setup: the electronics store's receipt, and a TV and a mount to link it to.
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let tv = try await api.newItem(#"{"name":"Television"}"#, token: token)
            let mount = try await api.newItem(#"{"name":"Wall mount","purchasePrice":{"amount":4000,"currency":"USD"}}"#, token: token)
            let photo = try MediaFixture.data("receipts/electronics_us.jpg")
            // Act: upload; the answer comes before OCR has run.
            let uploaded = try await api.upload("/api/v1/inventory/receipts", files: [("receipt.jpg", "image/jpeg", photo)], token: token)
            #expect(uploaded.status == .accepted, "\(uploaded.text)")
            let id = try #require(try uploaded.json()["id"] as? String)
            #expect(try uploaded.json()["status"] as? String == "reading")
            let read = try await api.receiptOnceRead(id, token: token)
            // Check: what OCR proposed matches the receipt.
            let expected = try #require(try Self.expected("electronics_us.jpg"))
            let proposal = try #require(read["proposal"] as? [String: Any])
            #expect(read["status"] as? String == "read")
            #expect((proposal["total"] as? [String: Any])?["amount"] as? Int == (expected["total"] as? [String: Any])?["amount"] as? Int)
            #expect(proposal["date"] as? String == expected["date"] as? String)
            #expect((read["text"] as? String)?.isEmpty == false)
            // Each proposed field says how sure the reading is of it; a clear photo's total needs no check.
            let confidence = try #require(proposal["confidence"] as? [String: Any])
            let check = try #require(confidence["check"] as? Double)
            #expect(try #require(confidence["total"] as? Double) >= check)
            #expect((confidence["date"] as? Double).map { (0...1).contains($0) } == true)
            // Linking what OCR read before a person confirmed it says so.
            let early = try await api.send(.post, "/api/v1/inventory/receipts/\(id)/items", json: #"{"itemId":"\#(tv)"}"#, token: token)
            #expect(early.status == .conflict && early.text.contains("Confirm the receipt first"), "\(early.text)")
            // A person confirms (here: the proposal as it is), then links the receipt to both items.
            let confirm = try JSONSerialization.data(withJSONObject: ["vendor": proposal["vendor"] ?? "Shop", "date": proposal["date"] ?? "2026-01-01",
                                                                      "total": proposal["total"] ?? ["amount": 1, "currency": "USD"]])
            #expect(try await api.send(.patch, "/api/v1/inventory/receipts/\(id)", json: String(decoding: confirm, as: UTF8.self), token: token).status == .ok)
            let linkedTV = try await api.send(.post, "/api/v1/inventory/receipts/\(id)/items", json: #"{"itemId":"\#(tv)"}"#, token: token).json()
            let linkedMount = try await api.send(.post, "/api/v1/inventory/receipts/\(id)/items", json: #"{"itemId":"\#(mount)"}"#, token: token).json()
            #expect((linkedTV["item"] as? [String: Any])?["purchaseDate"] as? String == expected["date"] as? String)
            #expect((linkedTV["item"] as? [String: Any])?["receiptCount"] as? Int == 1)
            #expect(linkedMount["conflicts"] as? [String] == ["purchasePrice"])
            #expect(((linkedMount["item"] as? [String: Any])?["purchasePrice"] as? [String: Any])?["amount"] as? Int == 4000)
            #expect((try await api.send(.get, "/api/v1/inventory/receipts/\(id)", token: token).json()["itemIds"] as? [String])?.count == 2)
            // The receipt's image is served as a JPEG.
            let image = try await api.send(.get, "/api/v1/inventory/receipts/\(id)/image?size=thumb", token: token)
            #expect(image.status == .ok && image.headers[.contentType] == "image/jpeg")
        }
    }

    @Test func anUploadSentAgainWithItsIdMakesOneReceipt() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let photo = try MediaFixture.data("receipt-photo.jpg")
            let id = "6F1C1D52-8A49-4D2B-9B0A-3C7E5E2A1B44"
            let first = try await api.upload("/api/v1/inventory/receipts?id=\(id)", files: [("r.jpg", "image/jpeg", photo)], token: token)
            #expect(first.status == .accepted, "\(first.text)")
            let again = try await api.upload("/api/v1/inventory/receipts?id=\(id)", files: [("r.jpg", "image/jpeg", photo)], token: token)
            #expect(again.status == .ok, "\(again.text)")
            #expect(try again.json()["id"] as? String == id)
            let all = try await api.send(.get, "/api/v1/inventory/receipts", token: token).json()
            #expect((all["receipts"] as? [[String: Any]])?.count == 1)
            let eve = try await api.signUp(email: "eve@example.org")
            let theirs = try await api.upload("/api/v1/inventory/receipts?id=\(id)", files: [("r.jpg", "image/jpeg", photo)], token: eve)
            #expect(theirs.status == .conflict)
        }
    }

    @Test func aTypedInReceiptNeedsNoImageAndBadFieldsAreRefused() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let id = UUID().uuidString
            let json = #"{"id":"\#(id)","vendor":"IKEA","date":"2026-02-01","total":{"amount":19900,"currency":"EUR"},"lines":[{"description":"Billy","quantity":2,"amount":{"amount":19900,"currency":"EUR"}}]}"#
            let created = try await api.send(.post, "/api/v1/inventory/receipts", json: json, token: token)
            #expect(created.status == .created)
            #expect(try created.json()["status"] as? String == "confirmed")
            #expect(try await api.send(.post, "/api/v1/inventory/receipts", json: json, token: token).status == .ok)
            #expect(try await api.send(.post, "/api/v1/inventory/receipts", json: #"{"total":{"amount":1,"currency":"ZZZ"}}"#, token: token).status == .unprocessableContent)
            #expect(try await api.send(.post, "/api/v1/inventory/receipts", json: #"{"date":"2026-13-01"}"#, token: token).status == .badRequest)
            #expect(try await api.send(.get, "/api/v1/inventory/receipts?q=ikea", token: token).json()["receipts"].map { ($0 as? [Any])?.count } == 1)
            // Not an image: refused, and nothing is stored.
            let bad = try await api.upload("/api/v1/inventory/receipts", files: [("r.jpg", "image/jpeg", Data("hello".utf8))], token: token)
            #expect(bad.status == .unsupportedMediaType)
            #expect(try await api.send(.get, "/api/v1/inventory/receipts", token: token).json()["receipts"].map { ($0 as? [Any])?.count } == 1)
        }
    }

    @Test func linkingALineTheReceiptLacksSaysWhichLinesItHas() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let shelf = try await api.newItem(#"{"name":"Billy shelf"}"#, token: token)
            let total = try await api.send(.post, "/api/v1/inventory/receipts", json: #"{"vendor":"IKEA","total":{"amount":4900,"currency":"EUR"}}"#, token: token).json()
            let lines = try await api.send(.post, "/api/v1/inventory/receipts", json: #"{"vendor":"IKEA","lines":[{"description":"Billy","quantity":1,"amount":{"amount":4900,"currency":"EUR"}},{"description":"Lack","quantity":1,"amount":{"amount":900,"currency":"EUR"}}]}"#, token: token).json()
            func link(_ receipt: [String: Any], line: Int) async throws -> TestResponse {
                try await api.send(.post, "/api/v1/inventory/receipts/\(receipt["id"] as? String ?? "")/items", json: #"{"itemId":"\#(shelf)","line":\#(line)}"#, token: token)
            }
            let none = try await link(total, line: 0)
            #expect(none.status == .unprocessableContent && none.text.contains("This receipt has no lines; link it without a line to use its total."))
            let beyond = try await link(lines, line: 2)
            #expect(beyond.status == .unprocessableContent && beyond.text.contains("This receipt's lines are numbered 0 to 1"), "\(beyond.text)")
            #expect(try await link(lines, line: 1).status == .ok)
        }
    }

    @Test func aBarcodeAlreadyOwnedIsRecognised() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let photo = try MediaFixture.data("ean13-photo.jpg")
            let first = try await api.upload("/api/v1/inventory/barcode", files: [("code.jpg", "image/jpeg", photo)], token: token).json()
            let code = try #require((first["codes"] as? [[String: Any]])?.first?["text"] as? String)
            #expect((first["owned"] as? [Any])?.isEmpty == true)
            _ = try await api.newItem(#"{"name":"Blender","barcode":"\#(code)"}"#, token: token)
            let again = try await api.upload("/api/v1/inventory/barcode", files: [("code.jpg", "image/jpeg", photo)], token: token).json()
            #expect((again["owned"] as? [[String: Any]])?.first?["name"] as? String == "Blender")
            let eve = try await api.signUp(email: "eve@example.org")
            let theirs = try await api.upload("/api/v1/inventory/barcode", files: [("code.jpg", "image/jpeg", photo)], token: eve).json()
            #expect((theirs["owned"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aHearthLabelNamesItsItemForItsHouseholdOnly() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let lamp = try await api.newItem(#"{"name":"Desk lamp"}"#, token: token)
            // Printed by a server at another address: the id is what counts.
            let code = try #require(QRCode("https://old-name.example.org/inventory/items/\(lamp)"))
            let photo = QRCodeTests.png(code)
            let read = try await api.upload("/api/v1/inventory/barcode", files: [("label.png", "image/png", photo)], token: token).json()
            #expect((read["labelled"] as? [String: Any])?["id"] as? String == lamp, "\(read)")
            let eve = try await api.signUp(email: "eve@example.org")
            let theirs = try await api.upload("/api/v1/inventory/barcode", files: [("label.png", "image/png", photo)], token: eve).json()
            #expect(theirs["labelled"] == nil && (theirs["codes"] as? [Any])?.count == 1)
        }
    }

    @Test func anotherHouseholdGets404OnEveryReceiptEndpoint() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org"), eve = try await api.signUp(email: "eve@example.org")
            let receipt = try await api.send(.post, "/api/v1/inventory/receipts", json: #"{"vendor":"Secret shop"}"#, token: ada).json()
            let id = try #require(receipt["id"] as? String)
            let item = try await api.newItem(#"{"name":"Ring"}"#, token: ada)
            #expect(try await api.send(.post, "/api/v1/inventory/receipts/\(id)/items", json: #"{"itemId":"\#(item)"}"#, token: ada).status == .ok)
            let evesItem = try await api.newItem(#"{"name":"Mine"}"#, token: eve)
            let calls: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/v1/inventory/receipts/\(id)", nil), (.patch, "/api/v1/inventory/receipts/\(id)", #"{"vendor":"Mine"}"#),
                (.delete, "/api/v1/inventory/receipts/\(id)", nil), (.get, "/api/v1/inventory/receipts/\(id)/image", nil),
                (.post, "/api/v1/inventory/receipts/\(id)/items", #"{"itemId":"\#(evesItem)"}"#),
                (.delete, "/api/v1/inventory/receipts/\(id)/items/\(item)", nil),
            ]
            for (method, path, json) in calls {
                let response = try await api.send(method, path, json: json, token: eve)
                #expect(response.status == .notFound, "\(method) \(path) answered \(response.status)")
            }
            #expect(try await api.send(.get, "/api/v1/inventory/receipts?q=secret", token: eve).json()["receipts"].map { ($0 as? [Any])?.count } == 0)
            // Ada cannot link her receipt to Eve's item either.
            #expect(try await api.send(.post, "/api/v1/inventory/receipts/\(id)/items", json: #"{"itemId":"\#(evesItem)"}"#, token: ada).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/inventory/receipts/\(id)", token: ada).json()["vendor"] as? String == "Secret shop")
        }
    }

    /// One receipt of the fixtures' expected.json.
    static func expected(_ file: String) throws -> [String: Any]? {
        let data = try MediaFixture.data("receipts/expected.json")
        let receipts = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["receipts"] as? [[String: Any]]
        return receipts?.first { $0["image"] as? String == file }
    }
}
