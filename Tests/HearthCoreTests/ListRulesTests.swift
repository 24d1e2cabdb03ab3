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

    @Test func quantitiesOfTheSameUnitAddExactly() throws {
        let sum = try Quantity(parsing: "0.1 l").adding(try Quantity(parsing: "0,2 l"))
        #expect(sum?.description == "0.3 l")
        #expect(try Quantity(parsing: "1 l").adding(try Quantity(parsing: "500 ml")) == nil)
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
