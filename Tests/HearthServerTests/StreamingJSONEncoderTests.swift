import Foundation
import HTTPTypes
import HearthAPI
import HearthCore
import HearthKit
import Hummingbird
@_spi(Generated) import OpenAPIRuntime
import Testing

/// ``StreamingJSONEncoder`` writes the same JSON as the server's JSONEncoder: the same values,
/// parsed, for the generated types and for every kind of value Codable has.
@Suite struct StreamingJSONEncoderTests {
    /// The server's own encoding of a value, parsed.
    static func serversJSON(_ value: some Encodable & Sendable) async throws -> NSObject {
        var headers = HTTPFields()
        let body = try Converter(configuration: .hearthServer)
            .setResponseBodyAsJSON(value, headerFields: &headers, contentType: "application/json; charset=utf-8")
        return try parsed(try await [UInt8](collecting: body, upTo: 64 << 20))
    }

    static func parsed(_ bytes: [UInt8]) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? NSObject)
    }

    @Test func listPagesAreWrittenAsTheServersJSONEncoderWritesThem() async throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let document = ListPageJSONTests.document(&generator, items: round % 7)
            #expect(try Self.parsed(StreamingJSONEncoder.encode(document)) == (try await Self.serversJSON(document)))
        }
    }

    /// A first snapshot of a live server (what HearthKit decodes into the generated types): a
    /// list and its items, an inventory item with most fields, rooms, categories, the account's
    /// settings and timer; and a page with a deletion.
    @Test func syncPagesAreWrittenAsTheServersJSONEncoderWritesThem() async throws {
        try await withLiveServer(.inMemory) { url in
            let token = try await HearthKitSyncTests.account(at: url).phone
            let device = SyncEngine(replica: try Replica(), client: HearthConnection.client(serverURL: url, token: token))
            let list = try device.replica.createList(named: "Groceries / \"weekly\"")
            try device.replica.addItem(named: "Milk", quantity: "2 l", toList: list)
            let bread = try device.replica.addItem(named: "Bread 🍞", toList: list)
            let lamp = try device.replica.createInventoryItem(named: "Lamp", quantity: 2)
            try device.replica.updateInventoryItem(lamp, [
                "brand": "Acme", "model": "A/1", "serialNumber": "SN-1", "purchaseDate": "2024-02-29", "condition": "good",
                "purchasePrice": ["amount": 1999, "currency": "EUR"] as [String: any Sendable], "tags": ["desk", "living room"] as [String], "notes": "Line one\nline \"two\"",
                "warrantyMonths": 24,
            ])
            try await device.sync()
            let client = HearthConnection.client(serverURL: url, token: token)
            func page(since cursor: String?) async throws -> Components.Schemas.SyncChangePage {
                guard case .ok(let ok) = try await client.getSyncChanges(.init(query: .init(since: cursor, limit: 1000))),
                      case .json(let page) = ok.body else { throw HTTPError(.internalServerError) }
                return page
            }
            let snapshot = try await page(since: nil)
            try device.replica.deleteItem(bread)
            try await device.sync()
            let onward = try await page(since: snapshot.cursor)
            let written = try #require(try Self.parsed(StreamingJSONEncoder.encode(snapshot)) as? [String: Any])
            let entities = Set((written["changes"] as? [[String: Any]] ?? []).compactMap { $0["entity"] as? String })
            #expect(entities.isSuperset(of: ["list", "listItem", "inventoryItem", "room", "category", "accountSettings", "focusSettings", "timer"]))
            #expect((onward.changes.count, onward.hasMore) == (2, false))
            for page in [snapshot, onward] {
                #expect(try Self.parsed(StreamingJSONEncoder.encode(page)) == (try await Self.serversJSON(page)))
            }
        }
    }

    /// Every kind of value: numbers at their limits, null in arrays, nested and empty containers,
    /// free-form objects, dates, data and text JSON escapes.
    @Test func everyKindOfValueIsWrittenAsJSONEncoderWritesIt() async throws {
        let free = try OpenAPIObjectContainer(unvalidatedValue: ["a": [1, "x", true, ["b": 2.5] as [String: (any Sendable)?]] as [(any Sendable)?], "n": 0])
        let value = Everything(
            text: "\"\\/\u{0}\u{1F}\u{7F}\u{2028}👩‍👩‍👧 é", flag: false, small: Int8.min, big: UInt64.max, wide: Int64.min,
            doubles: [0, 1, -1.5, 0.1, 1e300, 1e-300, 123456789012345680], floats: [0.5, 3], optionals: [1, nil, 3], absent: nil,
            date: Date(timeIntervalSince1970: 0.001), data: Data([0, 255, 1]), url: URL(string: "https://example.org/a?b=c")!,
            nested: [[], [[:]], [["k": [nil]]]], free: free, empty: Empty())
        #expect(try Self.parsed(StreamingJSONEncoder.encode(value)) == (try await Self.serversJSON(value)))
        #expect(String(decoding: try StreamingJSONEncoder.encode([1.0, 2.5]), as: UTF8.self) == "[1,2.5]")
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder.encode([Double.nan]) }
    }

    struct Everything: Encodable, Sendable {
        let text: String
        let flag: Bool
        let small: Int8
        let big: UInt64
        let wide: Int64
        let doubles: [Double]
        let floats: [Float]
        let optionals: [Int?]
        let absent: String?
        let date: Date
        let data: Data
        let url: URL
        let nested: [[[String: [Int?]]]]
        let free: OpenAPIObjectContainer
        let empty: Empty
    }

    struct Empty: Encodable, Sendable {}
}
