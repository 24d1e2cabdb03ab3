import Foundation
import Testing
@testable import HearthCore

@Suite struct ListRulesTests {
    @Test(arguments: [("2 l", "2 l"), ("2l", "2 l"), ("1,5 kg", "1.5 kg"), ("1.5 KG", "1.5 kg"), ("3", "3"), ("500 g", "500 g")])
    func quantitiesAreRead(text: String, expected: String) throws {
        #expect(try Quantity(parsing: text).description == expected)
    }

    @Test(arguments: ["", "l", "two", "-1 l", "0", "1.2.3 l", "2 l!", "5 averyverylongunit"])
    func unreadableQuantitiesAreRefused(text: String) {
        #expect(throws: ListError.invalidQuantity(text)) { try Quantity(parsing: text) }
    }

    @Test(arguments: ["2", "1.5", "0.25", "250", "999999.999999", "0.000001"])
    func aStoredAmountIsShownAsItWasStored(text: String) throws {
        let stored = try #require(Quantity(amountText: text, unit: "kg"))
        #expect(stored.description == "\(text) kg")
        #expect(stored == Quantity(amount: try #require(Decimal(string: text)), unit: "kg"))
        #expect(Quantity(amount: stored.amount, unit: nil).amountText == text)
    }

    @Test func aBackupsLongerSpellingOfAnAmountIsTheSameQuantity() {
        #expect(Quantity(amountText: "1.50", unit: "l") == Quantity(amountText: "1.5", unit: "l"))
        #expect(Quantity(amountText: "1.50", unit: "l") != Quantity(amountText: "1.5", unit: "kg"))
    }

    @Test(arguments: ["", ".", "1.2.3", "-1", "1e3", "2 kg", "abc"])
    func aStoredAmountThatIsNoNumberIsNoQuantity(text: String) {
        #expect(Quantity(amountText: text, unit: nil) == nil)
    }

    @Test func quantitiesOfTheSameUnitAddExactly() throws {
        let sum = try Quantity(parsing: "0.1 l").adding(try Quantity(parsing: "0,2 l"))
        #expect(sum?.description == "0.3 l")
        #expect(try Quantity(parsing: "2 l").adding(try Quantity(parsing: "1 box")) == nil)
        #expect(try Quantity(parsing: "2").adding(try Quantity(parsing: "1 kg")) == nil)
    }

    @Test(arguments: [
        ("500 g", "1 kg", "1.5 kg"), ("1 kg", "500 g", "1.5 kg"), ("250 g", "250 g", "500 g"), ("600 g", "600 g", "1.2 kg"),
        ("0.2 kg", "0,1 kg", "0.3 kg"), ("1 l", "500 ml", "1.5 l"), ("2 dl", "1 dl", "3 dl"), ("1 l", "5 cl", "1.05 l"),
        ("33 cl", "33 cl", "66 cl"), ("2 boxes", "1 box", "3 boxes"), ("1 box", "1 box", "2 boxes"), ("1 can", "2 cans", "3 cans"),
        ("2 loaves", "1 loaf", "3 loaves"), ("2 pieces", "1 pc", "3 pieces"), ("8 oz", "1 lb", "1.5 lbs"), ("1 gram", "2 grams", "3 grams"),
        ("1 kilo", "1 kilo", "2 kilos"), ("2", "3", "5"), ("2 foo", "1 foo", "3 foo"), ("0.5 g", "0.25 g", "0.75 g"),
    ])
    func quantitiesOfOneKindAddInASensibleUnit(listed: String, added: String, sum: String) throws {
        #expect(try Quantity(parsing: listed).adding(try Quantity(parsing: added))?.description == sum)
    }

    @Test(arguments: [("1 l", "500 g"), ("1 box", "1 can"), ("1 lb", "500 g"), ("2 foo", "1 bar")])
    func quantitiesOfDifferentKindsStayApart(listed: String, added: String) throws {
        #expect(try Quantity(parsing: listed).adding(try Quantity(parsing: added)) == nil)
    }

    @Test func namesAreTrimmedAndBounded() throws {
        #expect(try ListRules.name("  Milk ") == "Milk")
        #expect(throws: ListError.self) { try ListRules.name("   ") }
        #expect(throws: ListError.self) { try ListRules.name(String(repeating: "x", count: 201)) }
        #expect(try ListRules.name(String(repeating: "x", count: 200)).count == 200)
    }

    @Test func anEmojiIsOneEmoji() throws {
        #expect(try ListRules.emoji("🛒") == "🛒")
        #expect(try ListRules.emoji(" ") == nil)
        #expect(throws: ListError.invalidEmoji) { try ListRules.emoji("ab") }
        #expect(throws: ListError.invalidEmoji) { try ListRules.emoji("7") }
    }
}
