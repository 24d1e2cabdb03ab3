import Foundation
@testable import HearthCore
import Testing

/// An item's JSON written straight into bytes is exactly what the backup's JSONEncoder writes.
@Suite struct BackupItemJSONTests {
    /// Text with every character JSON escapes or might: controls, quotes, slashes, DEL, line and
    /// paragraph separators, accents, right-to-left text and emoji.
    static func text(_ generator: inout some RandomNumberGenerator) -> String {
        let pieces = ["plain", "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "Café", "مرحبا", "👩‍👩‍👧", "日本", " ", "'", "<>&", "\u{FEFF}"]
            + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        return (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    static func item(_ generator: inout some RandomNumberGenerator) throws -> HouseholdBackup.Item {
        let json = #"[{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","name":"x","quantity":1,"tags":[],"photos":[],"createdAt":"2026-11-27T04:00:00.000Z","updatedAt":"2026-11-27T04:00:00.000Z"}]"#
        var item = try HouseholdBackup.decodeRecords(HouseholdBackup.Item.self, from: Data(json.utf8), key: "items", first: 0)[0]
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &generator) ? value : nil }
        func date() -> Date { Date(timeIntervalSince1970: Double.random(in: 0...4_000_000_000, using: &generator)) }
        item.id = UUID()
        item.name = text(&generator)
        item.description = maybe(text(&generator))
        item.roomId = maybe(UUID())
        item.roomName = maybe(text(&generator))
        item.categoryId = maybe(UUID())
        item.categoryName = maybe(text(&generator))
        item.quantity = Int.random(in: 1...1_000_000, using: &generator)
        item.brand = maybe(text(&generator))
        item.model = maybe(text(&generator))
        item.serialNumber = maybe(text(&generator))
        item.barcode = maybe(text(&generator))
        item.purchaseDate = maybe(CalendarDate(year: Int.random(in: 1900...2100, using: &generator), month: 2, day: 28)!)
        item.purchasePlace = maybe(text(&generator))
        item.purchasePrice = maybe(Money(amount: Int.random(in: 0...Money.maximumAmount, using: &generator), currency: "EUR"))
        item.replacementValue = maybe(Money(amount: Int.random(in: 0...99, using: &generator), currency: "JPY"))
        item.condition = maybe(ItemCondition.allCases.randomElement(using: &generator)!)
        item.warrantyUntil = maybe(CalendarDate(year: 2030, month: 12, day: 31)!)
        item.tags = (0..<Int.random(in: 0...3, using: &generator)).map { _ in text(&generator) }
        item.notes = maybe(text(&generator))
        item.photos = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
            HouseholdBackup.Photo(id: UUID(), file: StoredFile(sha256: String(repeating: "ab", count: 32), contentType: "image/jpeg",
                                                               byteSize: Int.random(in: 1...50_000_000, using: &generator), width: 4032, height: 3024))
        }
        item.createdAt = date()
        item.updatedAt = date()
        item.deletedAt = maybe(date())
        item.depreciation = maybe(Depreciation(usefulLifeYears: maybe(Int.random(in: 1...100, using: &generator)),
                                               floorPercent: Int.random(in: 0...100, using: &generator)))
        return item
    }

    @Test func everyItemIsWrittenAsJSONEncoderWritesIt() throws {
        var generator = SystemRandomNumberGenerator()
        let encoder = HouseholdBackup.encoder()
        for _ in 0..<2000 {
            let item = try Self.item(&generator)
            var json: [UInt8] = []
            item.appendJSON(to: &json)
            let expected = try encoder.encode(item)
            #expect(String(decoding: json, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
    }
}
