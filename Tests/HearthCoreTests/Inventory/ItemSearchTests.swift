import Testing
@testable import HearthCore

@Suite struct ItemSearchTests {
    func parse(_ text: String) throws(InventoryError) -> ItemSearch {
        try ItemSearch(parsing: text, currency: "EUR")
    }

    @Test func freeWordsStayWords() throws {
        let search = try parse("  sams  tv ")
        #expect(search.words == "sams tv")
        #expect(search.filters.isEmpty)
    }

    @Test func everyFilterBesideTheWords() throws {
        let search = try parse(#"tv room:"Living Room" category:electronics tag:gift value>500 value<1999.99 missing:photo missing:serial warranty:<90d condition:like-new"#)
        #expect(search.words == "tv")
        #expect(search.filters == [
            .room("Living Room"), .category("electronics"), .tag("gift"),
            .value(.above, Money(amount: 50_000, currency: "EUR")), .value(.below, Money(amount: 199_999, currency: "EUR")),
            .missing(.photo), .missing(.serialNumber), .warrantyWithin(days: 90), .condition(.likeNew),
        ])
    }

    @Test func filterNamesIgnoreCaseAndValuesMayBeQuotedOrNot() throws {
        #expect(try parse("ROOM:kitchen").filters == [.room("kitchen")])
        #expect(try parse(#"room:"kitchen""#).filters == [.room("kitchen")])
        #expect(try parse(#"tag:"ski gear" boots"#) == ItemSearch(words: "boots", filters: [.tag("ski gear")]))
        #expect(try parse("condition:Good missing:Receipt").filters == [.condition(.good), .missing(.receipt)])
        #expect(try parse("value>=10 value<=20,50").filters
            == [.value(.above, Money(amount: 999, currency: "EUR")), .value(.below, Money(amount: 2051, currency: "EUR"))])
    }

    @Test func warrantyTakesDaysWeeksMonthsOrYears() throws {
        #expect(try parse("warranty:<2w").filters == [.warrantyWithin(days: 14)])
        #expect(try parse("warranty:<3m").filters == [.warrantyWithin(days: 90)])
        #expect(try parse("warranty:<1y").filters == [.warrantyWithin(days: 365)])
    }

    @Test func wordsWithAColonThatAreNotFiltersStay() throws {
        #expect(try parse("16:9 screen").words == "16:9 screen")
        #expect(try parse("valuable").words == "valuable")
        #expect(try parse("Lego: Falcon").words == "Lego: Falcon")
        #expect(try parse("https://example.org/tv").words == "https://example.org/tv")
        // Quoted, anything is words.
        #expect(try parse(#""SN:AB12" "room:kitchen""#) == ItemSearch(words: "SN:AB12 room:kitchen", filters: []))
    }

    @Test func aQuoteAfterADigitIsAnInchMark() throws {
        #expect(try parse(#"55" tv room:kitchen"#) == ItemSearch(words: #"55" tv"#, filters: [.room("kitchen")]))
    }

    @Test(arguments: [
        ("colour:red", "“colour:” is not a search filter."),
        ("room:", "“room:” needs a room’s name"),
        ("value>lots", "“value>lots”: write an amount in EUR"),
        ("value=5", "“value=5”: write value>AMOUNT or value<AMOUNT."),
        ("room=kitchen", "“room=kitchen”: write room:, e.g. room:kitchen."),
        ("warranty:<999999999999999999m", "“warranty:<999999999999999999m”: write warranty:<90d"),
        ("SN:AB12", "“sn:” is not a search filter."),
        ("missing:warranty", "“missing:warranty”: write missing:photo"),
        ("warranty:90", "“warranty:90”: write warranty:<90d"),
        ("condition:broken", "“condition:broken”: write condition:new"),
    ])
    func aBadFilterIsNamedWithTheFilters(text: String, start: String) throws {
        let error = #expect(throws: InventoryError.self) { try parse(text) }
        guard case .invalidSearch(let message) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.hasPrefix(start), "\(message)")
        #expect(message.contains("Filters: room:"), "\(message)")
    }
}
