import HearthCore
import Testing

@Suite struct MoneyTests {
    @Test(arguments: [
        ("899", "USD", 89_900), ("899.00", "USD", 89_900), ("899.5", "USD", 89_950), ("1,299.99", "USD", 129_999),
        ("1.299,99", "EUR", 129_999), ("12,50", "EUR", 1_250), ("1,500", "USD", 150_000), ("0.500", "USD", nil),
        ("1 299,99", "EUR", 129_999), ("$1,299.99", "USD", 129_999), ("€12.50", "EUR", 1_250), ("500", "JPY", 500),
        ("1,500", "JPY", 1_500), ("12.5", "JPY", nil), ("1.500", "KWD", 1_500), ("0", "USD", 0), ("1,234,567.89", "USD", 123_456_789),
        ("-5", "USD", nil), ("abc", "USD", nil), ("", "USD", nil), ("12.345", "EUR", 1_234_500), ("1.2.3", "USD", nil), ("1.299.000", "EUR", 129_900_000),
        ("1000000001", "USD", nil), ("99999999999999999999", "USD", nil), ("12.50", "XYZ", nil), ("12..5", "USD", nil),
    ] as [(String, String, Int?)])
    func amountsReadAsPeopleTypeThem(text: String, currency: String, minorUnits: Int?) {
        #expect(Money(parsing: text, currency: currency)?.amount == minorUnits)
    }

    @Test(arguments: [
        (Money(amount: 129_999, currency: "USD"), "1299.99", "$1,299.99"),
        (Money(amount: 5, currency: "EUR"), "0.05", "€0.05"),
        (Money(amount: 500, currency: "JPY"), "500", "¥500"),
        (Money(amount: 1_500, currency: "KWD"), "1.500", "KWD 1.500"),
        (Money(amount: 4_500, currency: "CHF"), "45.00", "CHF 45.00"),
        (Money(amount: 123_456_789_00, currency: "GBP"), "123456789.00", "£123,456,789.00"),
    ])
    func amountsAreWrittenWithTheirCurrencysDecimals(money: Money, decimal: String, formatted: String) {
        #expect(money.decimalString == decimal)
        #expect(money.formatted == formatted)
    }

    @Test func currenciesAreISOCodes() {
        #expect(Currency.isKnown("USD") && Currency.isKnown("EUR") && Currency.isKnown("JPY"))
        #expect(!Currency.isKnown("usd") && !Currency.isKnown("XYZ") && !Currency.isKnown(""))
        #expect(Currency.minorDigits("JPY") == 0 && Currency.minorDigits("BHD") == 3 && Currency.minorDigits("EUR") == 2)
    }

    @Test func timesReportsOverflowAsNil() {
        #expect(Money(amount: 250, currency: "USD").times(4) == Money(amount: 1_000, currency: "USD"))
        #expect(Money(amount: Int.max / 2, currency: "USD").times(3) == nil)
    }
}
