import HearthCore
import Testing

struct NounTests {
    @Test func oneTakesTheSingularAndEveryOtherCountThePlural() {
        #expect(1.counted(.item) == "1 item")
        #expect(0.counted(.item) == "0 items")
        #expect(2.counted(.item) == "2 items")
        #expect((-1).counted(.day) == "-1 day")
        #expect((-3).counted(.day) == "-3 days")
    }

    @Test func theWordAloneAgreesWithItsCount() {
        #expect(Noun.item.word(for: 1) == "item" && Noun.item.word(for: 0) == "items" && Noun("category").word(for: 3) == "categories")
    }

    @Test func regularPluralsFollowEnglishSpelling() {
        #expect(2.counted(Noun("category")) == "2 categories")
        #expect(2.counted(.warranty) == "2 warranties")
        #expect(2.counted(.day) == "2 days")
        #expect(2.counted(Noun("box")) == "2 boxes")
        #expect(2.counted(Noun("bench")) == "2 benches")
        #expect(2.counted(Noun("glass")) == "2 glasses")
        #expect(2.counted(Noun("key")) == "2 keys")
    }

    @Test func anIrregularPluralIsGiven() {
        let shelf = Noun("shelf", plural: "shelves")
        #expect(1.counted(shelf) == "1 shelf")
        #expect(4.counted(shelf) == "4 shelves")
    }

    @Test func thousandsAreGroupedWithCommas() {
        #expect(999.counted(.item) == "999 items")
        #expect(1000.counted(.item) == "1,000 items")
        #expect(1024.counted(.item) == "1,024 items")
        #expect(100_000.counted(.item) == "100,000 items")
        #expect(1_234_567.grouped == "1,234,567")
        #expect((-12_500).grouped == "-12,500")
        #expect(0.grouped == "0")
    }
}
