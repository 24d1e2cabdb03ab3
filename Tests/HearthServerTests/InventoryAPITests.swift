import Foundation
import HearthCore
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import HearthServer

@Suite struct InventoryAPITests {
    @Test func anItemRoundTrip() async throws {
        try await withApp(clock: VirtualClock()) { client in
            // Setup
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let rooms = try await api.send(.get, "/api/v1/inventory/rooms", token: token).json()["groups"] as? [[String: Any]] ?? []
            let living = try #require(rooms.first { $0["name"] as? String == "Living room" }?["id"] as? String)
            let id = UUID().uuidString
            let json = #"{"id":"\#(id)","name":"Television","brand":"Samsung","roomId":"\#(living)","purchasePrice":{"amount":89900,"currency":"USD"},"purchaseDate":"2025-11-28","warrantyMonths":24,"tags":["4K"]}"#
            // Act: create (twice, as a retrying phone would), edit, find.
            let created = try await api.send(.post, "/api/v1/inventory/items", json: json, token: token)
            let retried = try await api.send(.post, "/api/v1/inventory/items", json: json, token: token)
            let edited = try await api.send(.patch, "/api/v1/inventory/items/\(id)", json: #"{"serialNumber":"SN1","clear":["tags"]}"#, token: token).json()
            let found = try await api.send(.get, "/api/v1/inventory/items?q=sams", token: token).json()
            // Check
            #expect(created.status == .created && retried.status == .ok)
            let item = try created.json()
            #expect(item["warrantyUntil"] as? String == "2027-11-28")
            #expect((item["purchasePrice"] as? [String: Any])?["amount"] as? Int == 89900)
            #expect(item["documentationScore"] as? Int == 40)
            #expect(item["missing"] as? [String] == ["photo", "category", "receipt", "serialNumber"])
            #expect(edited["serialNumber"] as? String == "SN1" && (edited["tags"] as? [String]) == [])
            #expect(edited["documentationScore"] as? Int == 50)
            #expect(found["total"] as? Int == 1)
            let summary = try await api.send(.get, "/api/v1/inventory/summary", token: token).json()
            #expect(summary["itemCount"] as? Int == 1 && summary["score"] as? Int == 50)
            #expect((summary["totals"] as? [[String: Any]])?.first?["amount"] as? Int == 89900)
            // Delete, find it in Recently deleted, restore, delete and purge.
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(id)", token: token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(id)", token: token).status == .gone)
            #expect(try await api.send(.get, "/api/v1/inventory/items/deleted", token: token).json()["total"] as? Int == 1)
            #expect(try await api.send(.post, "/api/v1/inventory/items/\(id)/restore", token: token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(id)", token: token).status == .ok)
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(id)", token: token).status == .noContent)
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(id)/purge", token: token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(id)", token: token).status == .notFound)
        }
    }

    @Test func theSearchTakesFiltersAndNamesABadOne() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let rooms = try await api.send(.get, "/api/v1/inventory/rooms", token: token).json()["groups"] as? [[String: Any]] ?? []
            let living = try #require(rooms.first { $0["name"] as? String == "Living room" }?["id"] as? String)
            for json in [#"{"name":"Television","roomId":"\#(living)","purchasePrice":{"amount":89900,"currency":"USD"}}"#,
                         #"{"name":"Kettle","purchasePrice":{"amount":2900,"currency":"USD"}}"#] {
                #expect(try await api.send(.post, "/api/v1/inventory/items", json: json, token: token).status == .created)
            }
            func names(_ q: String, _ path: String = "/api/v1/inventory/items") async throws -> TestResponse {
                try await api.send(.get, "\(path)?q=\(q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")", token: token)
            }
            let found = try await names(#"room:"living room" value>500"#).json()["items"] as? [[String: Any]]
            #expect(found?.map { $0["name"] as? String } == ["Television"])
            #expect(try await names("value<100").json()["total"] as? Int == 1)
            #expect(try await names("value<100", "/api/v1/inventory/export.csv").text.contains("Kettle"))
            for (q, named) in [("colour:red", "“colour:” is not a search filter."), ("value>lots", "“value>lots”"),
                               ("room:cellar", "no room called “cellar”")] {
                for path in ["/api/v1/inventory/items", "/api/v1/inventory/export.csv"] {
                    let refused = try await names(q, path)
                    #expect(refused.status == .badRequest)
                    let detail = try refused.json()["detail"] as? String ?? ""
                    #expect(detail.contains(named), "\(detail)")
                }
            }
        }
    }

    @Test func badInputIsRefusedAndChangesNothing() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let cases: [(String, Int)] = [
                (#"{"name":"  "}"#, 422), (#"{"name":"TV","purchasePrice":{"amount":1,"currency":"XYZ"}}"#, 422),
                (#"{"name":"TV","purchaseDate":"2025-02-30"}"#, 400), (#"{"name":"TV","purchaseDate":"0023-05-14"}"#, 422), (#"{"name":"TV","roomId":"\#(UUID().uuidString)"}"#, 404),
                (#"{"name":"TV","warrantyMonths":12}"#, 422), (#"{"name":"TV","warrantyMonths":12,"warrantyUntil":"2030-01-01"}"#, 422),
                (#"{"name":"TV","quantity":0}"#, 422), (#"{"name":"TV","color":"red"}"#, 400), (#"{"name":"TV","brand":null}"#, 400),
            ]
            for (json, status) in cases {
                let response = try await api.send(.post, "/api/v1/inventory/items", json: json, token: token)
                #expect(response.status.code == status, "\(json) answered \(response.status.code): \(response.text)")
            }
            #expect(try await api.send(.get, "/api/v1/inventory/items?cursor=garbage", token: token).status == .badRequest)
            #expect(try await api.send(.get, "/api/v1/inventory/items?room=kitchen", token: token).status == .badRequest)
            #expect(try await api.send(.get, "/api/v1/inventory/items", token: token).json()["total"] as? Int == 0)
        }
    }

    @Test func anUploadSentAgainWithItsIdsAddsEachPhotoOnce() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let bike = try await api.newItem(#"{"name":"Bike"}"#, token: token)
            let lamp = try await api.newItem(#"{"name":"Lamp"}"#, token: token)
            let png = try MediaFixture.data("image.png")
            let id = UUID().uuidString
            // The answer was lost: the same upload again.
            for _ in 0..<2 {
                let uploaded = try await api.upload("/api/v1/inventory/items/\(bike)/photos?ids=\(id)", files: [("bike.png", "image/png", png)], token: token)
                #expect(uploaded.status == .created, "\(uploaded.text)")
                #expect((try uploaded.json()["photos"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])
            }
            // The id is the bike's photo's: not another item's, and one id a file.
            let elsewhere = try await api.upload("/api/v1/inventory/items/\(lamp)/photos?ids=\(id)", files: [("lamp.png", "image/png", png)], token: token)
            #expect(elsewhere.status == .conflict)
            let short = try await api.upload("/api/v1/inventory/items/\(lamp)/photos?ids=\(UUID().uuidString)",
                                             files: [("a.png", "image/png", png), ("b.png", "image/png", png)], token: token)
            #expect(short.status == .badRequest)
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(lamp)", token: token).json()["photoCount"] as? Int == 0)
        }
    }

    @Test func photosUploadTogetherAndAreServedSmallWithoutLocation() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let id = try await api.newItem(#"{"name":"Bike"}"#, token: token)
            let photo = try MediaFixture.data("rotated-gps.jpg"), png = try MediaFixture.data("image.png")
            // Two photos in one request; the same photo again is stored once.
            let uploaded = try await api.upload("/api/v1/inventory/items/\(id)/photos",
                                                files: [("bike.jpg", "image/jpeg", photo), ("bike.png", "image/png", png)], token: token)
            #expect(uploaded.status == .created, "\(uploaded.text)")
            let photos = try uploaded.json()["photos"] as? [[String: Any]] ?? []
            #expect(photos.count == 2)
            let item = try await api.send(.get, "/api/v1/inventory/items/\(id)", token: token).json()
            #expect(item["photoCount"] as? Int == 2 && item["primaryPhotoId"] as? String == photos.first?["id"] as? String)
            // The thumbnail is a small JPEG without EXIF (so without GPS), cached by its ETag.
            let thumbURL = try #require(photos.first?["thumbUrl"] as? String)
            let thumb = try await api.send(.get, thumbURL, token: token)
            #expect(thumb.status == .ok && thumb.headers[.contentType] == "image/jpeg")
            let bytes = [UInt8](Data(buffer: thumb.body))
            #expect(bytes.starts(with: [0xFF, 0xD8]) && bytes.count < 40_000)
            #expect(Data(bytes).range(of: Data("Exif".utf8)) == nil && Data(bytes).range(of: Data("GPS".utf8)) == nil)
            // Sent as written, not percent-encoded as the OpenAPI runtime would.
            #expect(thumb.headers[.cacheControl] == "private, max-age=31536000, immutable")
            let etag = try #require(thumb.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("-thumb\""))
            var headers = HTTPFields()
            headers[.authorization] = "Bearer \(token)"
            headers[.ifNoneMatch] = etag
            #expect(try await client.execute(uri: thumbURL, method: .get, headers: headers).status == .notModified)
            // Reorder, then delete.
            let secondId = try #require(photos.last?["id"] as? String)
            let moved = try await api.send(.patch, "/api/v1/inventory/items/\(id)/photos/\(secondId)", json: #"{"position":1}"#, token: token).json()
            #expect((moved["photos"] as? [[String: Any]])?.first?["id"] as? String == secondId)
            #expect(try await api.send(.delete, "/api/v1/inventory/items/\(id)/photos/\(secondId)", token: token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(id)/photos", token: token).json()["photos"].map { ($0 as? [Any])?.count } == 1)
        }
    }

    @Test func badUploadsAreRefusedAndStoreNothing() async throws {
        try await withApp(clock: VirtualClock(), configure: { $0.limits.maxUploadBytes = 200_000 }) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let id = try await api.newItem(#"{"name":"Bike"}"#, token: token)
            let good = try MediaFixture.data("image.png")
            let cases: [([(String, String, Data)], Int)] = [
                ([("notes.jpg", "image/jpeg", try MediaFixture.data("photo.jpg"))], 415),
                ([("broken.jpg", "image/jpeg", try MediaFixture.data("truncated.jpg"))], 422),
                ([("big.jpg", "image/jpeg", Data(repeating: 0xFF, count: 300_000))], 413),
                ([("empty.jpg", "image/jpeg", Data())], 415),
                ([("doc.pdf", "application/pdf", try MediaFixture.data("document.pdf"))], 415),
                // One bad file among good ones stores none of them.
                ([("good.png", "image/png", good), ("notes.jpg", "text/plain", Data("hello".utf8))], 415),
            ]
            for (files, status) in cases {
                let response = try await api.upload("/api/v1/inventory/items/\(id)/photos", files: files, token: token)
                #expect(response.status.code == status, "\(files.map(\.0)) answered \(response.status.code): \(response.text)")
                #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true)
            }
            // A body that is not well-formed multipart is the client's mistake, not the server's.
            var headers = HTTPFields()
            headers[.contentType] = "multipart/form-data; boundary=b"
            headers[.authorization] = "Bearer \(token)"
            for body in ["--b\r\n--b--\r\n", "--b\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nabc", "no boundary at all"] {
                for path in ["/api/v1/inventory/items/\(id)/photos", "/api/v1/inventory/receipts", "/api/v1/inventory/barcode"] {
                    let response = try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
                    #expect(response.status == .badRequest, "\(path) with \(body.debugDescription) answered \(response.status): \(String(buffer: response.body))")
                }
            }
            #expect(try await api.send(.get, "/api/v1/inventory/items/\(id)", token: token).json()["photoCount"] as? Int == 0)
        }
    }

    @Test func anotherHouseholdGets404OnEveryInventoryEndpoint() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org"), eve = try await api.signUp(email: "eve@example.org")
            let id = try await api.newItem(#"{"name":"Ring"}"#, token: ada)
            let photos = try await api.upload("/api/v1/inventory/items/\(id)/photos", files: [("r.png", "image/png", try MediaFixture.data("image.png"))],
                                              token: ada).json()["photos"] as? [[String: Any]] ?? []
            let photo = try #require(photos.first?["id"] as? String)
            let room = try #require((try await api.send(.get, "/api/v1/inventory/rooms", token: ada).json()["groups"] as? [[String: Any]])?.first?["id"] as? String)
            let category = try #require((try await api.send(.get, "/api/v1/inventory/categories", token: ada).json()["groups"] as? [[String: Any]])?.first?["id"] as? String)
            let calls: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/v1/inventory/items/\(id)", nil), (.patch, "/api/v1/inventory/items/\(id)", #"{"name":"Mine"}"#),
                (.delete, "/api/v1/inventory/items/\(id)", nil), (.post, "/api/v1/inventory/items/\(id)/duplicate", "{}"),
                (.post, "/api/v1/inventory/items/\(id)/restore", nil), (.delete, "/api/v1/inventory/items/\(id)/purge", nil),
                (.get, "/api/v1/inventory/items/\(id)/photos", nil), (.get, "/api/v1/inventory/items/\(id)/photos/\(photo)?size=thumb", nil),
                (.patch, "/api/v1/inventory/items/\(id)/photos/\(photo)", #"{"position":1}"#),
                (.delete, "/api/v1/inventory/items/\(id)/photos/\(photo)", nil),
                (.patch, "/api/v1/inventory/rooms/\(room)", #"{"name":"Mine"}"#), (.delete, "/api/v1/inventory/rooms/\(room)", nil),
                (.patch, "/api/v1/inventory/categories/\(category)", #"{"name":"Mine"}"#), (.delete, "/api/v1/inventory/categories/\(category)", nil),
            ]
            for (method, path, json) in calls {
                let response = try await api.send(method, path, json: json, token: eve)
                #expect(response.status == .notFound, "\(method) \(path) answered \(response.status)")
            }
            let upload = try await api.upload("/api/v1/inventory/items/\(id)/photos", files: [("r.png", "image/png", try MediaFixture.data("image.png"))], token: eve)
            #expect(upload.status == .notFound)
            #expect(try await api.send(.post, "/api/v1/inventory/items/bulk", json: #"{"itemIds":["\#(id)"],"action":"delete"}"#, token: eve).json()["changed"] as? Int == 0)
            let item = try await api.send(.get, "/api/v1/inventory/items/\(id)", token: ada).json()
            #expect(item["name"] as? String == "Ring" && item["photoCount"] as? Int == 1 && item["deletedAt"] == nil)
        }
    }

    @Test func roomsAndCategoriesAreManagedAndTheirItemsStay() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let shed = try await api.send(.post, "/api/v1/inventory/rooms", json: #"{"name":"Shed","icon":"🛖"}"#, token: token)
            #expect(shed.status == .created)
            let shedId = try #require(try shed.json()["id"] as? String)
            #expect(try await api.send(.post, "/api/v1/inventory/rooms", json: #"{"name":"shed"}"#, token: token).status == .conflict)
            let item = try await api.newItem(#"{"name":"Mower","roomId":"\#(shedId)"}"#, token: token)
            let rooms = try await api.send(.get, "/api/v1/inventory/rooms", token: token).json()["groups"] as? [[String: Any]] ?? []
            #expect(rooms.last?["itemCount"] as? Int == 1, "\(rooms.last ?? [:]) \(item)")
            let moved = try await api.send(.patch, "/api/v1/inventory/rooms/\(shedId)", json: #"{"position":1,"icon":""}"#, token: token).json()
            #expect(moved["position"] as? Int == 1 && moved["icon"] == nil)
            #expect(try await api.send(.delete, "/api/v1/inventory/rooms/\(shedId)", token: token).status == .noContent)
            let mower = try await api.send(.get, "/api/v1/inventory/items/\(item)", token: token).json()
            #expect(mower["name"] as? String == "Mower" && mower["roomId"] == nil)
            #expect(try await api.send(.put, "/api/v1/inventory/settings", json: #"{"currency":"EUR"}"#, token: token).status == .ok)
            #expect(try await api.send(.put, "/api/v1/inventory/settings", json: #"{"currency":"ABC"}"#, token: token).status == .unprocessableContent)
            #expect(try await api.send(.get, "/api/v1/inventory/settings", token: token).json()["currency"] as? String == "EUR")
        }
    }

    @Test func aRoomsColourIsSetByTheAPIAndByTheFormOnlyWhenItWasChanged() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let shed = try await api.send(.post, "/api/v1/inventory/rooms", json: #"{"name":"Shed","color":"10b981"}"#, token: token).json()
            let id = try #require(shed["id"] as? String)
            #expect(shed["color"] as? String == "#10B981")
            let bad = try await api.send(.patch, "/api/v1/inventory/rooms/\(id)", json: ##"{"color":"#10B98"}"##, token: token)
            #expect(bad.status.code == 400 || bad.status == .unprocessableContent)
            #expect(try await api.send(.patch, "/api/v1/inventory/rooms/\(id)", json: #"{"color":""}"#, token: token).json()["color"] == nil)
            // The page's picker always sends a colour: the one it showed changes nothing.
            let web = WebUser(client)
            try await web.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
            try await web.post("/inventory/rooms/\(id)", ["name": "Shed", "icon": "", "color": "#9ca3af", "color_before": "#9ca3af"])
            #expect(try await api.send(.get, "/api/v1/inventory/rooms", token: token).json()["groups"].flatMap { ($0 as? [[String: Any]])?.last?["color"] } == nil)
            try await web.post("/inventory/rooms/\(id)", ["name": "Shed", "icon": "", "color": "#f59e0b", "color_before": "#9ca3af"])
            let rooms = try await api.send(.get, "/api/v1/inventory/rooms", token: token).json()["groups"] as? [[String: Any]] ?? []
            #expect(rooms.last?["name"] as? String == "Shed" && rooms.last?["color"] as? String == "#F59E0B")
            #expect(try await web.get("/inventory/organize").text.contains(##"value="#f59e0b""##))
        }
    }
}
