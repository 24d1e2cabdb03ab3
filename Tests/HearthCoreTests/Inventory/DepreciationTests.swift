import Testing
@testable import HearthCore

/// Worked examples an adjuster would compute by hand: straight-line over whole months, a floor.
@Suite struct DepreciationTests {
    let electronics = Depreciation(usefulLifeYears: 5, floorPercent: 20)

    func day(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }
    func usd(_ amount: Int) -> Money { Money(amount: amount, currency: "USD") }

    @Test func aTelevisionHalfWayThroughItsLifeIsWorthHalf() {
        // $1,000.00, bought 2024-06-15: on 2026-12-15 it is 30 of 60 months old.
        #expect(electronics.actualCashValue(of: usd(100_000), purchased: day("2024-06-15"), on: day("2026-12-15")) == usd(50_000))
        #expect(electronics.percentLost(purchased: day("2024-06-15"), on: day("2026-12-15")) == 50)
    }

    @Test func onlyWholeMonthsCountAndCentsRoundHalfUp() {
        // The day before, 29 months: 31/60 of $1,000.00 is $516.666… → $516.67.
        #expect(electronics.actualCashValue(of: usd(100_000), purchased: day("2024-06-15"), on: day("2026-12-14")) == usd(51_667))
        // ¥99,999 (no minor unit), 40 of 60 months: a third, 33,333.
        #expect(electronics.actualCashValue(of: Money(amount: 99_999, currency: "JPY"), purchased: day("2020-01-10"), on: day("2023-05-10"))
            == Money(amount: 33_333, currency: "JPY"))
    }

    @Test func theLargestTotalHearthTakesDoesNotOverflow() {
        // A billion in major units, times 100,000 pieces, a century of life just begun.
        let total = Money.maximumAmount * 100_000
        let century = Depreciation(usefulLifeYears: 100, floorPercent: 0)
        #expect(century.actualCashValue(of: usd(total), purchased: day("2026-01-06"), on: day("2026-12-06")) == usd(9_908_333_333_333_333), "1189/1200 of it, to the cent")
    }

    @Test func anOldSofaKeepsItsFloor() {
        let furniture = Depreciation(usefulLifeYears: 12)
        // $1,200.00, 16 years old: past its life, 20% remains.
        #expect(furniture.actualCashValue(of: usd(120_000), purchased: day("2010-01-01"), on: day("2026-12-06")) == usd(24_000))
        let noFloor = Depreciation(usefulLifeYears: 3, floorPercent: 0)
        #expect(noFloor.actualCashValue(of: usd(5_000), purchased: day("2020-01-01"), on: day("2026-12-06")) == usd(0))
    }

    @Test func aRingKeepsItsValueWithOrWithoutADate() {
        #expect(Depreciation.none.actualCashValue(of: usd(500_000), purchased: day("1990-05-01"), on: day("2026-12-06")) == usd(500_000))
        #expect(Depreciation.none.actualCashValue(of: usd(500_000), purchased: nil, on: day("2026-12-06")) == usd(500_000))
        #expect(Depreciation.none.percentLost(purchased: nil, on: day("2026-12-06")) == 0)
    }

    @Test func withoutAPurchaseDateTheAgeAndSoTheValueAreUnknown() {
        #expect(electronics.actualCashValue(of: usd(100_000), purchased: nil, on: day("2026-12-06")) == nil)
        #expect(electronics.percentLost(purchased: nil, on: day("2026-12-06")) == nil)
    }

    @Test func aDateNotYetReachedLosesNothing() {
        #expect(electronics.actualCashValue(of: usd(100_000), purchased: day("2027-01-01"), on: day("2026-12-06")) == usd(100_000))
    }

    @Test func monthsAreCalendarMonthsEvenAtTheEndOfOne() {
        #expect(Depreciation.wholeMonths(from: day("2026-01-31"), to: day("2026-02-28")) == 1)
        #expect(Depreciation.wholeMonths(from: day("2026-01-31"), to: day("2026-02-27")) == 0)
        #expect(Depreciation.wholeMonths(from: day("2024-02-29"), to: day("2025-02-28")) == 12)
        #expect(Depreciation.wholeMonths(from: day("2026-03-15"), to: day("2026-03-14")) == 0)
    }

    @Test func refusesLivesAndFloorsOutOfRange() throws {
        for bad in [Depreciation(usefulLifeYears: 0), Depreciation(usefulLifeYears: 101), Depreciation(usefulLifeYears: 5, floorPercent: -1),
                    Depreciation(usefulLifeYears: 5, floorPercent: 101)] {
            #expect(throws: InventoryError.self) { try bad.validated() }
        }
        #expect(try Depreciation(usefulLifeYears: 100, floorPercent: 0).validated().usefulLifeYears == 100)
    }

    @Test func defaultCategoriesDepreciateAsAdjustersTablesSay() {
        #expect(InventoryGroup.defaultDepreciation(forCategory: "Electronics").usefulLifeYears == 5)
        #expect(InventoryGroup.defaultDepreciation(forCategory: " appliances ").usefulLifeYears == 10)
        #expect(InventoryGroup.defaultDepreciation(forCategory: "Furniture").usefulLifeYears == 12)
        #expect(InventoryGroup.defaultDepreciation(forCategory: "Clothing").usefulLifeYears == 3)
        #expect(InventoryGroup.defaultDepreciation(forCategory: "Jewelry & watches") == .none)
        #expect(InventoryGroup.defaultDepreciation(forCategory: "Art & collectibles") == .none)
        #expect(InventoryGroup.defaultDepreciation(forCategory: "Garden gnomes") == .none)
        for (name, _) in InventoryGroup.defaults(.category) {
            #expect(throws: Never.self) { try InventoryGroup.defaultDepreciation(forCategory: name).validated() }
        }
    }
}
