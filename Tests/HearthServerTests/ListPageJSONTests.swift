import Foundation
import HTTPTypes
import HearthAPI
import HearthCore
@_spi(Generated) import OpenAPIRuntime
import Testing

/// A list page's JSON written straight into bytes is exactly what the server's generated code
/// writes through JSONEncoder, with its keys sorted (unsorted, JSONEncoder's order changes from one
/// answer to the next).
@Suite struct ListPageJSONTests {
    /// The server's own encoding of a body, keys sorted.
    static func encoded(_ document: Components.Schemas.ShoppingList) async throws -> String {
        var configuration = Configuration.hearthServer
        configuration.jsonEncodingOptions = [.sortedKeys]
        var headers = HTTPFields()
        let body = try Converter(configuration: configuration)
            .setResponseBodyAsJSON(document, headerFields: &headers, contentType: "application/json; charset=utf-8")
        return String(decoding: try await [UInt8](collecting: body, upTo: 64 << 20), as: UTF8.self)
    }

    /// Text with every character JSON escapes or might: controls, quotes, slashes, DEL, line and
    /// paragraph separators, accents, right-to-left text and emoji.
    static func text(_ generator: inout some RandomNumberGenerator) -> String {
        let pieces = ["plain", "\"", "\\", "/", "</script>", "\u{7F}", "\u{2028}", "\u{2029}", "Café", "مرحبا", "👩‍👩‍👧", "日本", " ", "'", "<>&", "\u{FEFF}"]
            + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        return (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    static func document(_ generator: inout some RandomNumberGenerator, items: Int) -> Components.Schemas.ShoppingList {
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &generator) ? value : nil }
        func date() -> Date { Date(timeIntervalSince1970: Double.random(in: 0...4_000_000_000, using: &generator)) }
        func number() -> Int { Int.random(in: Int.min...Int.max, using: &generator) }
        let categories = Components.Schemas.ShoppingCategory.allCases
        return .init(
            id: UUID().text, name: text(&generator), emoji: maybe(text(&generator)), position: number(), itemCount: number(),
            purchasedCount: number(), createdAt: date(), updatedAt: date(), deletedAt: maybe(date()), storeId: maybe(UUID().text),
            aisles: maybe(categories.shuffled(using: &generator)), shoppingAt: maybe(UUID().text),
            items: maybe((0..<items).map { _ in
                .init(id: UUID().text, name: text(&generator), quantity: maybe(text(&generator)), note: maybe(text(&generator)),
                      purchased: Bool.random(using: &generator), changedAt: date(), createdAt: date(),
                      category: categories.randomElement(using: &generator)!, listId: maybe(UUID().text), position: maybe(number()),
                      onlyAt: maybe((0..<Int.random(in: 0...3, using: &generator)).map { _ in UUID().text }))
            }),
            nextCursor: maybe(text(&generator))
        )
    }

    @Test func everyPageIsWrittenAsTheServersJSONEncoderWritesIt() async throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<500 {
            let document = Self.document(&generator, items: round % 7)
            #expect(String(decoding: document.json(), as: UTF8.self) == (try await Self.encoded(document)))
        }
    }

    /// A document with every field there is set: a field added to the schema and left out of
    /// ``Components/Schemas/ShoppingList/json()`` fails here (once it is set in ``document``).
    @Test func aFullPageHasEveryField() async throws {
        var generator = SystemRandomNumberGenerator()
        var document = Self.document(&generator, items: 1)
        while document.emoji == nil || document.deletedAt == nil || document.storeId == nil || document.aisles == nil
            || document.shoppingAt == nil || document.nextCursor == nil || document.items?.first?.quantity == nil
            || document.items?.first?.note == nil || document.items?.first?.listId == nil || document.items?.first?.position == nil || document.items?.first?.onlyAt == nil {
            document = Self.document(&generator, items: 1)
        }
        for (label, value) in Mirror(reflecting: document).children.map({ ($0.label, $0.value) })
            + Mirror(reflecting: document.items![0]).children.map({ ($0.label, $0.value) }) {
            #expect(!"\(value)".hasPrefix("nil"), "\(label ?? "?") is left out")
        }
        #expect(String(decoding: document.json(), as: UTF8.self) == (try await Self.encoded(document)))
    }
}
