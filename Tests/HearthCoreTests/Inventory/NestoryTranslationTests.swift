import Foundation
import Testing
@testable import HearthCore

/// The exact parts of reading another app's backup: amounts, colours, icons.
@Suite struct NestoryTranslationTests {
    @Test(arguments: [
        ("1299.99", "USD", 129_999), ("1999", "USD", 199_900), ("0.1", "EUR", 10), ("15800", "JPY", 15_800),
        ("1.25", "KWD", 1_250), ("0.001", "BHD", 1), ("4999.99", "GBP", 499_999),
    ])
    func amountsBecomeMinorUnitsByTheCurrencysExponent(text: String, currency: String, minor: Int) throws {
        #expect(try NestoryTranslation.money(Decimal(string: text)!, currency: currency) == Money(amount: minor, currency: currency))
    }

    @Test func anAmountTheCurrencyCannotHoldIsRefused() {
        #expect(throws: BackupError.invalidRecord("12.5 has more decimals than JPY has (0)")) { try NestoryTranslation.money(Decimal(string: "12.5")!, currency: "JPY") }
        #expect(throws: BackupError.invalidRecord("0.005 has more decimals than USD has (2)")) { try NestoryTranslation.money(Decimal(string: "0.005")!, currency: "USD") }
        #expect(throws: BackupError.invalidRecord("-1 is below zero")) { try NestoryTranslation.money(-1, currency: "USD") }
        #expect(throws: BackupError.invalidRecord("10000000000 is too large")) { try NestoryTranslation.money(Decimal(string: "10000000000")!, currency: "USD") }
        #expect(throws: BackupError.self) { try NestoryTranslation.money(1, currency: "XXQ") }
    }

    @Test func coloursAreHexAsPickersWriteThem() throws {
        #expect(try InventoryRules.color("#0a84ff") == "#0A84FF" && InventoryRules.color("0A84FF") == "#0A84FF" && InventoryRules.color(" ") == nil)
        for bad in ["#0A84F", "blue", "#GGGGGG", "#0A84FF00", "#٠١٢٣٤٥"] {
            #expect(throws: InventoryError.invalidColor(bad)) { try InventoryRules.color(bad) }
        }
    }

    @Test func everyIconForAnSFSymbolIsOneHearthTakes() throws {
        for (symbol, emoji) in SFSymbolIcons.table {
            #expect(try InventoryRules.icon(emoji) == emoji, "\(symbol)")
        }
        // Variants share their base's emoji; an unknown symbol has none.
        #expect(SFSymbolIcons.emoji("wrench.and.screwdriver.fill") == "🔧" && SFSymbolIcons.emoji("tv.circle.fill") == "📺")
        #expect(SFSymbolIcons.emoji("hare.fill") == nil)
    }
}
