import Crypto
import Foundation
import HTTPTypes
import HearthCore
import HearthReports
import HummingbirdTesting
import Testing
import ZIPFoundation
@testable import HearthServer

/// Claims through the API: three items filed, frozen, then the items changed; the exports.
@Suite struct ClaimsAPITests {
    func get(_ client: some TestClientProtocol, _ path: String, token: String) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        return try await client.execute(uri: path, method: .get, headers: headers)
    }

    /// Ada's TV (photo, receipt, a 5-year useful life), six chairs and a lamp, and a claim for all three, frozen.
    func filedClaim(_ api: APIClient, token: String) async throws -> (claim: [String: Any], tv: String, chairs: String, lamp: String) {
        let tv = try await api.newItem(#"{"name":"Television","brand":"Samsung","serialNumber":"SN-1","replacementValue":{"amount":99900,"currency":"USD"},"purchaseDate":"2024-05-01","depreciation":{"usefulLifeYears":5,"floorPercent":20}}"#, token: token)
        _ = try await api.upload("/api/v1/inventory/items/\(tv)/photos", files: [("tv.jpg", "image/jpeg", try MediaFixture.data("rotated-gps.jpg"))], token: token)
        let receipt = try await api.send(.post, "/api/v1/inventory/receipts", json: #"{"vendor":"Best Buy","total":{"amount":99900,"currency":"USD"}}"#, token: token).json()
        _ = try await api.send(.post, "/api/v1/inventory/receipts/\(receipt["id"] as? String ?? "")/items", json: #"{"itemId":"\#(tv)"}"#, token: token)
        let chairs = try await api.newItem(#"{"name":"Chair","quantity":6,"purchasePrice":{"amount":8000,"currency":"USD"}}"#, token: token)
        let lamp = try await api.newItem(#"{"name":"Lamp"}"#, token: token)
        let body = #"{"incident":{"kind":"fire","date":"2026-11-01","description":"Kitchen fire","reference":"PD-77"},"items":[{"itemId":"\#(tv)"},{"itemId":"\#(chairs)","quantity":4},{"itemId":"\#(lamp)"}]}"#
        let created = try await api.send(.post, "/api/v1/inventory/claims", json: body, token: token)
        #expect(created.status == .created, "\(created.text)")
        let id = try created.json()["id"] as? String ?? ""
        #expect(try await api.send(.get, "/api/v1/inventory/claims/\(id)/claim.csv", token: token).status == .conflict)
        let frozen = try await api.send(.post, "/api/v1/inventory/claims/\(id)/freeze", token: token).json()
        return (frozen, tv, chairs, lamp)
    }

    @Test func aFrozenClaimStaysAsItWasWhenItsItemsChange() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let (claim, tv, chairs, _) = try await filedClaim(api, token: token)
            let id = claim["id"] as? String ?? "", sha = try #require(claim["sha256"] as? String)
            #expect(claim["status"] as? String == "frozen" && sha.count == 64)
            #expect((claim["claimed"] as? [[String: Any]])?.first?["amount"] as? Int == 99_900 + 4 * 8_000)
            // The TV is renamed, the chairs deleted: the claim does not move.
            _ = try await api.send(.patch, "/api/v1/inventory/items/\(tv)", json: #"{"name":"Old TV","brand":"LG"}"#, token: token)
            _ = try await api.send(.delete, "/api/v1/inventory/items/\(chairs)", token: token)
            let later = try await api.send(.get, "/api/v1/inventory/claims/\(id)", token: token).json()
            let names = (later["lines"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(later["sha256"] as? String == sha && names == ["Television", "Chair", "Lamp"])
            #expect(try await api.send(.patch, "/api/v1/inventory/claims/\(id)", json: #"{"items":[{"itemId":"\#(tv)"}]}"#, token: token).status == .conflict)
            // Outcomes: the TV paid, the lamp denied.
            _ = try await api.send(.patch, "/api/v1/inventory/claims/\(id)/lines/\(tv)", json: #"{"outcome":"paid","paid":{"amount":85000,"currency":"USD"}}"#, token: token)
            let paid = try await api.send(.get, "/api/v1/inventory/claims/\(id)", token: token).json()
            #expect((paid["paid"] as? [[String: Any]])?.first?["amount"] as? Int == 85_000)
            // Another household sees none of it.
            let bob = try await api.signUp(name: "Bob", email: "bob@example.org")
            for path in ["", "/claim.pdf", "/claim.csv", "/claim-pack.zip"] {
                #expect(try await get(client, "/api/v1/inventory/claims/\(id)\(path)", token: bob).status == .notFound)
            }
        }
    }

    @Test func aClaimSentAgainWithMorePiecesThanTheItemHasIsRefusedLikeANewOne() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let chairs = try await api.newItem(#"{"name":"Chair","quantity":6}"#, token: token)
            let id = UUID().uuidString
            func claim(_ quantity: Int) async throws -> TestResponse {
                try await api.send(.post, "/api/v1/inventory/claims", json: """
                    {"id":"\(id)","incident":{"kind":"theft","date":"2026-11-01"},"items":[{"itemId":"\(chairs)","quantity":\(quantity)}]}
                    """, token: token)
            }
            let tooMany = try await api.send(.post, "/api/v1/inventory/claims", json: """
                {"incident":{"kind":"theft","date":"2026-11-01"},"items":[{"itemId":"\(chairs)","quantity":7}]}
                """, token: token)
            #expect(tooMany.status == .unprocessableContent && tooMany.text.contains("“Chair” has 6 pieces; at most 6 can be lost."))
            #expect(try await claim(4).status == .created)
            #expect(try await claim(4).status == .ok)
            let again = try await claim(7)
            #expect(again.status == .unprocessableContent && again.text.contains("“Chair” has 6 pieces; at most 6 can be lost."), "\(again.text)")
        }
    }

    @Test func theClaimPackHoldsThePDFTheCSVAndEveryPhotoAndReceiptMatchingTheLines() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let (claim, _, _, _) = try await filedClaim(api, token: token)
            let id = claim["id"] as? String ?? "", sha = claim["sha256"] as? String ?? ""
            // The CSV has the adjusters' columns and reads back.
            let csv = try await get(client, "/api/v1/inventory/claims/\(id)/claim.csv", token: token)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8" && csv.text.hasPrefix("\u{FEFF}Item description,"))
            let table = try CSVTable.read(csv.text)
            #expect(table.header == ClaimExport.csvHeader && table.records.count == 3)
            let tvRow = table.records[0].fields, chairRow = table.records[1].fields, lampRow = table.records[2].fields
            #expect(tvRow[0] == "Television" && tvRow[4] == "1" && tvRow[5] == "2.5" && tvRow[7] == "999.00" && tvRow[13] == "yes")
            #expect(tvRow[14] == "photos/01-television-1.jpg" && chairRow[8] == "320.00")
            // Actual cash value on the day of the fire (the last two columns): 30 of the TV's 60 months
            // gone; the chairs (no category, no rule of their own) are not guessed; the lamp has no value.
            #expect(tvRow[16] == "50" && tvRow[17] == "499.50")
            #expect(chairRow[16] == "" && chairRow[17] == "" && lampRow[16] == "" && lampRow[17] == "")
            // The pack: PDF, CSV, the frozen JSON whose SHA-256 is the claim's, the photo and the receipt.
            let zip = try await get(client, "/api/v1/inventory/claims/\(id)/claim-pack.zip", token: token)
            let archive = try Archive(data: Data(zip.body.readableBytesView), accessMode: .read)
            let names = Set(archive.map(\.path))
            #expect(names.isSuperset(of: ["claim.pdf", "claim.csv", "claim.json", "README.txt", "photos/01-television-1.jpg"]), "\(names)")
            var json = Data()
            _ = try archive.extract(try #require(archive["claim.json"])) { json.append($0) }
            #expect(SHA256.hash(data: json).map { String(format: "%02x", $0) }.joined() == sha)
            var photo = Data()
            _ = try archive.extract(try #require(archive["photos/01-television-1.jpg"])) { photo.append($0) }
            #expect(photo.starts(with: [0xFF, 0xD8]) && photo.range(of: Data("GPS".utf8)) == nil)
            let pdf = try await get(client, "/api/v1/inventory/claims/\(id)/claim.pdf", token: token)
            let text = try InventoryFilesAPITests.pdfText(Data(pdf.body.readableBytesView))
            #expect(text.contains(sha) && text.contains("Television") && text.contains("Missing:") && text.contains("Claimed $1,319.00"))
            #expect(text.contains("ACV $499.50 (−50%)") && text.contains("Actual cash value $499.50 (2 lines without one)"))
            #expect(text.contains("straight-line depreciation"))
        }
    }
}
