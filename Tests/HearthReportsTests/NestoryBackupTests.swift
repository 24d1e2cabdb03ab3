import Foundation
import HearthCore
import HearthReports
import Testing

/// A Nestory Pro backup, written as the iOS app writes it (pretty-printed, sorted keys, ISO 8601
/// dates, upper-case UUIDs, absent optionals left out), read as Hearth's own.
@Suite struct NestoryBackupTests {
    static let tv = "8AEB333E-92AE-5C45-9E11-313AB086CF2D"
    static let sake = "2B1C9D4E-0F3A-4B5C-8D6E-7F8091A2B3C4"
    static let gold = "5D6E7F80-91A2-4B3C-9D4E-0F1A2B3C4D5E"

    static let backup = """
        {
          "appVersion" : "1.2.0",
          "categories" : [
            {
              "colorHex" : "#EC4899",
              "iconName" : "sparkles",
              "id" : "6075EE76-EA7E-590A-A9E7-803DAA8AE379",
              "isCustom" : false,
              "name" : "Jewelry",
              "sortOrder" : 4
            },
            {
              "colorHex" : "#0ea5e9",
              "iconName" : "camera.fill",
              "id" : "5E76D0F7-114D-5D4B-9696-8BF400CC9A2F",
              "isCustom" : true,
              "name" : "Cameras & Lenses",
              "sortOrder" : 13
            },
            {
              "colorHex" : "#84CC16",
              "iconName" : "hare.fill",
              "id" : "0C1D2E3F-4051-4627-8839-4A5B6C7D8E9F",
              "isCustom" : true,
              "name" : "Rabbit things",
              "sortOrder" : 14
            }
          ],
          "exportDate" : "2025-11-29T12:00:00Z",
          "items" : [
            {
              "barcode" : "887276660717",
              "brand" : "Samsung",
              "categoryName" : "Electronics",
              "condition" : "Like New",
              "conditionNotes" : "Tiny scratch on the stand",
              "createdAt" : "2025-01-10T10:20:00Z",
              "currencyCode" : "USD",
              "id" : "\(tv)",
              "modelNumber" : "QN65Q80CAFXZA",
              "name" : "Samsung 65\\" QLED TV",
              "notes" : "Wall-mounted",
              "photoIdentifiers" : [
                "00D63084-14AF-5699-B413-C5262700FF63.jpg",
                "3E3F6B0C-76A6-5EFB-B573-37AFE8CCCEAB.jpg"
              ],
              "purchaseDate" : "2023-11-24T05:00:00Z",
              "purchasePrice" : 1299.99,
              "receiptIds" : [
                "13680F17-2AD5-5809-839C-A8B1EFE9175D"
              ],
              "roomName" : "Outdoor",
              "serialNumber" : "0B7X3CAT500123K",
              "tags" : [
                "insured",
                "black-friday"
              ],
              "updatedAt" : "2025-11-21T09:30:00Z",
              "warrantyExpiryDate" : "2025-11-24T05:00:00Z"
            },
            {
              "condition" : "Good",
              "currencyCode" : "JPY",
              "id" : "\(sake)",
              "name" : "Sake set",
              "photoIdentifiers" : [],
              "purchaseDate" : "2024-03-31T15:00:00Z",
              "purchasePrice" : 15800,
              "receiptIds" : [],
              "tags" : []
            },
            {
              "categoryName" : "Jewelry",
              "condition" : "New",
              "createdAt" : "2025-02-01T08:00:00Z",
              "currencyCode" : "KWD",
              "id" : "\(gold)",
              "name" : "Gold bracelet",
              "photoIdentifiers" : [
                "A1.jpg"
              ],
              "purchasePrice" : 1.25,
              "receiptIds" : [],
              "roomName" : "Workshop",
              "tags" : [],
              "updatedAt" : "2025-02-01T08:00:00Z"
            }
          ],
          "receipts" : [
            {
              "confidence" : 0.93,
              "createdAt" : "2023-11-24T15:00:00Z",
              "id" : "13680F17-2AD5-5809-839C-A8B1EFE9175D",
              "imageIdentifier" : "753C6CD7-F4D1-589E-84FC-D16E3017CAED.jpg",
              "purchaseDate" : "2023-11-24T05:00:00Z",
              "rawText" : "BEST BUY\\nTOTAL 1407.24",
              "taxAmount" : 107.25,
              "total" : 1407.24,
              "vendor" : "Best Buy"
            },
            {
              "confidence" : 0.5,
              "createdAt" : "2025-02-01T08:00:00Z",
              "id" : "C0FFEE00-0000-4000-8000-000000000001",
              "imageIdentifier" : "R2.jpg",
              "linkedItemId" : "\(gold)",
              "total" : 1.5
            }
          ],
          "rooms" : [
            {
              "iconName" : "tree.fill",
              "id" : "0A1B2C3D-4E5F-4061-8273-9485A6B7C8D9",
              "isDefault" : true,
              "name" : "Outdoor",
              "sortOrder" : 10
            },
            {
              "iconName" : "hammer.fill",
              "id" : "1B2C3D4E-5F60-4172-8394-A5B6C7D8E9FA",
              "isDefault" : false,
              "name" : "Workshop",
              "sortOrder" : 13
            }
          ]
        }
        """

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nestory-\(UUID().text)")

    func open(_ text: String = backup, timeZone: String = "America/New_York") throws -> StreamedBackup {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("nestory-backup-20251129-120000.json")
        try Data(text.utf8).write(to: url)
        return try StreamedBackup.open(url, timeZone: TimeZone(identifier: timeZone)!)
    }

    func items(_ backup: StreamedBackup) async throws -> [HouseholdBackup.Item] {
        var items: [HouseholdBackup.Item] = []
        try await backup.items { items += $0 }
        return items
    }

    @Test func roomsAndCategoriesBecomeHearthsWithTheirColoursAndTheNearestIcons() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let backup = try open()
        let categories = backup.outline.categories
        #expect(categories.map(\.name) == ["Jewelry & watches", "Cameras & Lenses", "Rabbit things"])
        #expect(categories.map(\.icon) == ["💍", "📷", nil] && categories.map(\.color) == ["#EC4899", "#0EA5E9", "#84CC16"])
        #expect(categories.map(\.position) == [4, 13, 14])
        #expect(backup.outline.rooms.map(\.name) == ["Garden", "Workshop"] && backup.outline.rooms.map(\.icon) == ["🌳", "🔨"])
        // One item each in USD, JPY and KWD: the household currency is the first of the most common.
        #expect(backup.outline.appVersion == "Nestory Pro 1.2.0" && backup.outline.household.currency == "JPY")
        #expect(backup.notes == ["Hearth has no icon like the SF Symbol “hare.fill”; that room or category has no icon (choose one under Organize).",
                                 "2 receipts come without their images (a Nestory Pro backup carries no images); shop, date, amounts and text are kept."])
    }

    @Test func itemsKeepEveryFieldWithExactAmountsAndTheirDays() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let items = try await items(try open())
        #expect(items.map(\.id.uuidString) == [Self.tv, Self.sake, Self.gold])
        let tv = items[0]
        #expect(tv.name == "Samsung 65\" QLED TV" && tv.brand == "Samsung" && tv.model == "QN65Q80CAFXZA" && tv.serialNumber == "0B7X3CAT500123K")
        #expect(tv.barcode == "887276660717" && tv.condition == .likeNew && tv.tags == ["insured", "black-friday"])
        #expect(tv.notes == "Wall-mounted\n\nCondition: Tiny scratch on the stand")
        #expect(tv.purchasePrice == Money(amount: 129_999, currency: "USD"))
        #expect(tv.purchaseDate == CalendarDate(iso: "2023-11-24") && tv.warrantyUntil == CalendarDate(iso: "2025-11-24"))
        #expect(tv.roomName == "Garden" && tv.categoryName == "Electronics" && tv.missingPhotos == 2 && tv.photos.isEmpty)
        #expect(tv.createdAt == RFC3339.date(from: "2025-01-10T10:20:00Z") && tv.updatedAt == RFC3339.date(from: "2025-11-21T09:30:00Z"))
        // Yen have no decimals, dinars three; an item without times takes the backup's.
        #expect(items[1].purchasePrice == Money(amount: 15_800, currency: "JPY") && items[1].missingPhotos == nil)
        #expect(items[1].createdAt == RFC3339.date(from: "2025-11-29T12:00:00Z") && items[1].roomName == nil)
        #expect(items[2].purchasePrice == Money(amount: 1_250, currency: "KWD") && items[2].categoryName == "Jewelry & watches")
    }

    @Test func aDateIsTheDayItFallsOnWhereThePersonRestoringIs() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // The app stores a day as its start where the phone was: 15:00 UTC is the next morning in Tokyo.
        #expect(try await items(try open(timeZone: "Asia/Tokyo"))[1].purchaseDate == CalendarDate(iso: "2024-04-01"))
        #expect(try await items(try open(timeZone: "America/New_York"))[1].purchaseDate == CalendarDate(iso: "2024-03-31"))
    }

    @Test func receiptsAreConfirmedAndLinkedBothWays() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var receipts: [HouseholdBackup.Receipt] = []
        try await open().receipts { receipts += $0 }
        #expect(receipts.count == 2 && receipts.allSatisfy { $0.status == .confirmed && $0.image == nil })
        // Named by the TV's receiptIds; in the TV's currency.
        #expect(receipts[0].itemIds.map(\.uuidString) == [Self.tv] && receipts[0].vendor == "Best Buy")
        #expect(receipts[0].total == Money(amount: 140_724, currency: "USD") && receipts[0].tax == Money(amount: 10_725, currency: "USD"))
        #expect(receipts[0].date == CalendarDate(iso: "2023-11-24") && receipts[0].text == "BEST BUY\nTOTAL 1407.24")
        // Linked by its own linkedItemId; in the bracelet's currency.
        #expect(receipts[1].itemIds.map(\.uuidString) == [Self.gold] && receipts[1].total == Money(amount: 1_500, currency: "KWD"))
    }

    @Test func whatTheFormatCannotHoldIsRefusedNamingTheRecord() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let yen = Self.backup.replacingOccurrences(of: #""purchasePrice" : 15800"#, with: #""purchasePrice" : 15800.5"#)
        await #expect(throws: BackupError.invalidRecord("item 2 “Sake set”: its purchase price: 15800.5 has more decimals than JPY has (0)")) {
            try await items(try open(yen))
        }
        let condition = Self.backup.replacingOccurrences(of: #""condition" : "Good""#, with: #""condition" : "Mint""#)
        await #expect(throws: BackupError.invalidRecord("item 2 “Sake set”: the condition “Mint” is not one of New, Like New, Good, Fair, Poor")) {
            try await items(try open(condition))
        }
        let colour = Self.backup.replacingOccurrences(of: "#84CC16", with: "green")
        #expect(throws: BackupError.invalidRecord("the category “Rabbit things”: The colour “green” is not a colour; write it like #0A84FF.")) {
            try open(colour)
        }
    }

    @Test func jsonOfNeitherAppSaysWhichFormatsHearthTakes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = BackupError.notABackup("it is JSON without a Hearth backup's formatVersion or a Nestory Pro backup's exportDate and items.")
        #expect(throws: error) { try open(#"{"appVersion" : "1.0", "rooms" : []}"#) }
        #expect(error.message.contains("Nestory Pro backups") && error.message.contains("Import"))
    }
}
