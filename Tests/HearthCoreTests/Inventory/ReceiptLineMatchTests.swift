import Foundation
import HearthCore
import Testing

@Suite struct ReceiptLineMatchTests {
    static func receipt(_ lines: [String]) -> Receipt {
        Receipt(id: UUID(), householdId: UUID(), status: .confirmed,
                lines: lines.map { ReceiptLine(description: $0, quantity: 1, amount: Money(amount: 100, currency: "USD")) },
                createdAt: .now, updatedAt: .now)
    }

    @Test(arguments: [
        (["27\" 4K MONITOR UHD", "WIRELESS MOUSE M350", "USB-C CABLE 2M"], "Mouse", 1 as Int?),
        (["27\" 4K MONITOR UHD", "WIRELESS MOUSE M350"], "Dell monitor", 0),
        (["USB-C CABLE 2M", "HDMI 2.1 CABLE 3FT"], "Cable", nil),
        (["Sofa"], "Couch", 0),
        (["TV", "Mount"], "Lamp", nil),
        ([], "Lamp", nil),
    ] as [([String], String, Int?)])
    func theLineNamingTheItemIsFound(lines: [String], name: String, index: Int?) {
        #expect(Self.receipt(lines).lineIndex(matching: name) == index)
    }
}
