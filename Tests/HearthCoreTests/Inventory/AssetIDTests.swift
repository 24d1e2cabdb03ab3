import Testing
@testable import HearthCore

@Suite struct AssetIDTests {
    @Test func writtenAsHomeBoxWritesIt() {
        #expect(AssetID(1).text == "000-001")
        #expect(AssetID(12_345).text == "012-345")
        #expect(AssetID(999_999).text == "999-999")
        #expect(AssetID(1_234_567).text == "1234-567")
    }

    @Test func readFromEveryFormPeopleAndHomeBoxWrite() {
        #expect(AssetID(parsing: "000-001") == AssetID(1))
        #expect(AssetID(parsing: " 012-345 ") == AssetID(12_345))
        #expect(AssetID(parsing: "#42") == AssetID(42))
        #expect(AssetID(parsing: "42") == AssetID(42))
        #expect(AssetID(parsing: "000042") == AssetID(42))
        #expect(AssetID(parsing: "1234-567") == AssetID(1_234_567))
    }

    @Test func refusesWhatIsNotOne() {
        for text in ["", "0", "000-000", "-1", "12-34", "1-2345", "abc", "000-0a1", "#", "100000000", "99999999999", "１２"] {
            #expect(AssetID(parsing: text) == nil, "\(text)")
        }
    }

    @Test func numberingKeepsAFreeRequestedIdAndCountsOnFromTheLast() {
        var numbering = AssetNumbering(last: 5, used: [2, 5])
        #expect(numbering.next(requested: nil) == AssetID(6))
        #expect(numbering.next(requested: AssetID(3)) == AssetID(3))
        #expect(numbering.next(requested: AssetID(3)) == AssetID(7), "taken by the one before")
        #expect(numbering.next(requested: AssetID(2)) == AssetID(8), "taken in the household")
        #expect(numbering.next(requested: AssetID(20)) == AssetID(20))
        #expect(numbering.next(requested: nil) == AssetID(21), "never below one given")
        #expect(numbering.last == 21)
    }

    @Test func onlyTheDashedFormIsOneInAFreeSearch() {
        #expect(AssetID(searching: "000-001") == AssetID(1))
        #expect(AssetID(searching: "#7") == AssetID(7))
        #expect(AssetID(searching: "42") == nil)
        #expect(AssetID(searching: "ps5") == nil)
    }

    @Test func aSearchForAnAssetIdIsAFilter() throws {
        #expect(try ItemSearch(parsing: "000-017", currency: "EUR").filters == [.asset(AssetID(17))])
        #expect(try ItemSearch(parsing: "asset:17 tv", currency: "EUR") == ItemSearch(words: "tv", filters: [.asset(AssetID(17))]))
        #expect(try ItemSearch(parsing: #""000-017""#, currency: "EUR").words == "000-017")
        #expect(throws: InventoryError.self) { try ItemSearch(parsing: "asset:box", currency: "EUR") }
    }
}
