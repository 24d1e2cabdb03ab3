import Foundation
import HearthCore
import Testing
@testable import HearthServer

/// Which fields of a reading the receipt page marks for the person to check.
@Suite struct ReceiptCheckTests {
    private func receipt(_ status: Receipt.Status, _ confidence: ReceiptConfidence?) -> Receipt {
        let proposal = ReceiptProposal(vendor: "Kedai Runcit", date: CalendarDate(year: 2018, month: 6, day: 12),
                                       total: Money(amount: 4340, currency: "MYR"), currency: "MYR", confidence: confidence)
        return Receipt(id: UUID(), householdId: UUID(), status: status, proposal: proposal, createdAt: Date(), updatedAt: Date())
    }

    @Test func fieldsBelowTheCheckMarkAreMarkedWhileTheReadingIsShown() {
        let confidence = ReceiptConfidence(vendor: 0.9, date: 0.61, total: 0.42, currency: 0.8)
        let check = ReceiptPage.Check(receipt(.read, confidence))
        #expect(check.total && check.any)
        #expect(!check.vendor && !check.date && !check.currency && !check.tax && !check.number)
    }

    @Test func nothingIsMarkedOnceConfirmedOrForReadingsWithoutConfidence() {
        let unsure = ReceiptConfidence(vendor: 0.1, date: 0.1, total: 0.1, currency: 0.1)
        #expect(!ReceiptPage.Check(receipt(.confirmed, unsure)).any)
        #expect(!ReceiptPage.Check(receipt(.read, nil)).any)
    }
}
