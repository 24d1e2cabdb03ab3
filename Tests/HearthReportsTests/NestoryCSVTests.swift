import Foundation
import HearthCore
import Testing
@testable import HearthReports

/// Nestory Pro's CSV export, as the original app writes it: "Value" is the purchase price and dates
/// are M/D/YY; a date that cannot be a purchase date is reported on its line, never stored.
@Suite struct NestoryCSVTests {
    static let export = #"""
        Name,Description,Value,Condition,Room,Category,Purchase Date,Serial Number,Barcode,Has Photo,Has Receipt
        "Samsung 65"" QLED TV",Wall-mounted; Black Friday deal,1299.99,Like New,Living Room,Electronics,11/24/23,0B7X3CAT500123K,887276660717,Yes,Yes
        "MacBook Pro 14""","Work laptop, AppleCare+ until 2027",1999,Good,Office,Electronics,2/10/24,C02FK1ZXQ6L4,,Yes,Yes
        Grandfather clock,,850,Good,Hall,Furniture,6/1/1998,,,No,No
        Typo chair,,40,Fair,Office,Furniture,5/14/0023,,,No,No

        """#

    @Test func valueIsThePurchasePriceAndTwoDigitYearsAreThisCenturysUpToNextYear() throws {
        let read = try InventoryCSV.items(from: Self.export, currency: "USD")
        let items = Dictionary(uniqueKeysWithValues: read.items.map { ($0.details.name, $0.details) })
        #expect(items["Samsung 65\" QLED TV"]?.purchasePrice == Money(amount: 129_999, currency: "USD"))
        #expect(items["Samsung 65\" QLED TV"]?.purchaseDate == CalendarDate(year: 2023, month: 11, day: 24))
        #expect(items["MacBook Pro 14\""]?.purchasePrice == Money(amount: 199_900, currency: "USD"))
        #expect(items["MacBook Pro 14\""]?.purchaseDate == CalendarDate(year: 2024, month: 2, day: 10))
        #expect(items["Grandfather clock"]?.purchaseDate == CalendarDate(year: 1998, month: 6, day: 1))
        #expect(read.problems == [ImportProblem(line: 5, reason: InventoryError.implausiblePurchaseDate(CalendarDate(year: 23, month: 5, day: 14)!).message)])
    }

    @Test func aTwoDigitYearAfterNextYearIsTheLastCenturys() throws {
        #expect(try ImportFields.date("1/5/27", field: "date", thisYear: 2026) == CalendarDate(year: 2027, month: 1, day: 5))
        #expect(try ImportFields.date("1/5/28", field: "date", thisYear: 2026) == CalendarDate(year: 1928, month: 1, day: 5))
        #expect(try ImportFields.date("1/5/00", field: "date", thisYear: 2026) == CalendarDate(year: 2000, month: 1, day: 5))
        #expect(try ImportFields.date("01/05/2026", field: "date", thisYear: 2026) == CalendarDate(year: 2026, month: 1, day: 5))
    }

    @Test func aPurchaseDateBefore1900OrAfterNextYearIsRefusedAsEnteredButKeptFromEarlierReleases() throws {
        let nextYear = InventoryRules.plausiblePurchaseYears.upperBound
        for year in [23, 1899, nextYear + 1] {
            let date = CalendarDate(year: year, month: 5, day: 14)!
            #expect(throws: InventoryError.implausiblePurchaseDate(date)) { try InventoryRules.purchaseDate(date) }
            // A backup or database of an earlier release may hold one: it is restored as it is.
            #expect(try InventoryRules.validated(ItemDetails(name: "Chair", purchaseDate: date)).details.purchaseDate == date)
        }
        #expect(try InventoryRules.purchaseDate(CalendarDate(year: 1900, month: 1, day: 1)) != nil)
    }
}
