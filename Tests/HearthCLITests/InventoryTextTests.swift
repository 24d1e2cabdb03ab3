import Foundation
import HearthAPI
import Testing
@testable import HearthCLI

@Suite struct InventoryTextTests {
    @Test func aReceiptsUnsureFieldsAreMarkedToCheck() {
        let proposal = Components.Schemas.ReceiptProposal(
            vendor: "Kedai Runcit", date: "2018-06-12", total: .init(amount: 4340, currency: "MYR"), currency: "MYR", lines: [],
            confidence: .init(vendor: 0.9, date: 0.8, total: 0.42, currency: 1, check: 0.6)
        )
        let receipt = Components.Schemas.Receipt(id: UUID().uuidString, status: .read, lines: [], proposal: proposal, itemIds: [],
                                                 createdAt: Date(), updatedAt: Date())
        let lines = InventoryText.receipt(receipt).split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix("(check: read unclearly)") }.map { $0.hasPrefix("  Total: ") } == [true], "\(lines)")
        #expect(lines.contains("  Shop: Kedai Runcit"))
    }
}
