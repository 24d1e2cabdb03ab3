import Foundation
import HearthCore
import Testing

@Suite struct InventoryRulesTests {
    @Test(arguments: [
        ("2026-01-31", 1, "2026-02-28"), ("2028-01-31", 1, "2028-02-29"), ("2026-03-15", 24, "2028-03-15"),
        ("2026-08-31", 6, "2027-02-28"), ("2026-12-01", 1, "2027-01-01"), ("2025-05-20", 120, "2035-05-20"),
    ])
    func warrantyMonthsBecomeADate(purchase: String, months: Int, end: String) throws {
        #expect(try Warranty.months(months).endDate(purchasedOn: CalendarDate(iso: purchase)).description == end)
    }

    @Test func warrantyInMonthsNeedsAPurchaseDate() throws {
        #expect(throws: InventoryError.warrantyNeedsPurchaseDate) { try Warranty.months(12).endDate(purchasedOn: nil) }
        #expect(throws: InventoryError.invalidWarranty) { try Warranty.months(0).endDate(purchasedOn: CalendarDate(iso: "2026-01-01")) }
        #expect(throws: InventoryError.invalidWarranty) { try Warranty.months(601).endDate(purchasedOn: CalendarDate(iso: "2026-01-01")) }
        let until = try Warranty.until(CalendarDate(iso: "2027-06-30")!).endDate(purchasedOn: nil)
        #expect(until.description == "2027-06-30")
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01T00:00:00Z", "", "２０２６-01-01", "0000-01-01"])
    func onlyRealDatesAreRead(text: String) {
        #expect(CalendarDate(iso: text) == nil)
    }

    @Test func datesAddDaysAcrossMonthsAndYears() {
        let date = CalendarDate(iso: "2026-11-24")!
        #expect(date.adding(days: 90)?.description == "2027-02-22")
        #expect(date.adding(days: -365)?.description == "2025-11-24")
        #expect(CalendarDate(iso: "2028-02-28")!.adding(days: 1)?.description == "2028-02-29")
        #expect(date.days(until: CalendarDate(iso: "2026-12-24")!) == 30)
    }

    @Test func detailsAreTrimmedAndEmptyTextsBecomeNil() throws {
        let details = ItemDetails(name: "  Television ", brand: " ", serialNumber: " SN-1 ", purchaseDate: CalendarDate(iso: "2026-01-10"),
                                  warranty: .months(24), tags: ["Living", "living", " ", "4K"], notes: "\n")
        let (clean, warrantyUntil) = try InventoryRules.validated(details)
        #expect(clean.name == "Television")
        #expect(clean.brand == nil)
        #expect(clean.serialNumber == "SN-1")
        #expect(clean.notes == nil)
        #expect(clean.tags == ["4K", "Living"])
        #expect(warrantyUntil?.description == "2028-01-10")
    }

    @Test func badDetailsAreRefusedWithTheField() {
        #expect(throws: InventoryError.invalidText(field: "name", reason: "must not be empty")) { try InventoryRules.validated(ItemDetails(name: " ")) }
        #expect(throws: InventoryError.invalidQuantity) { try InventoryRules.validated(ItemDetails(name: "Chair", quantity: 0)) }
        #expect(throws: InventoryError.unknownCurrency("XYZ")) {
            try InventoryRules.validated(ItemDetails(name: "Chair", purchasePrice: Money(amount: 1, currency: "XYZ")))
        }
        #expect(throws: InventoryError.invalidMoney(field: "replacement value")) {
            try InventoryRules.validated(ItemDetails(name: "Chair", replacementValue: Money(amount: -1, currency: "USD")))
        }
        #expect(throws: InventoryError.invalidText(field: "brand", reason: "must not contain control characters")) {
            try InventoryRules.validated(ItemDetails(name: "Chair", brand: "A\u{0}B"))
        }
        #expect(throws: InventoryError.tooManyTags) { try InventoryRules.validated(ItemDetails(name: "Chair", tags: (1...31).map { "t\($0)" })) }
    }
}
