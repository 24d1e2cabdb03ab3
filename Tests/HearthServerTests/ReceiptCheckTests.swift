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

    private func check(_ receipt: Receipt) -> ReceiptPage.Check {
        ReceiptPage.Check(receipt, form: ReceiptForm(receipt, currency: "MYR"))
    }

    @Test func fieldsBelowTheCheckMarkAreMarkedWhileTheReadingIsShown() {
        let marks = check(receipt(.read, ReceiptConfidence(vendor: 0.9, date: 0.61, total: 0.42, currency: 0.5)))
        #expect(marks.total && marks.currency && marks.any)
        #expect(!marks.vendor && !marks.date && !marks.tax && !marks.number)
    }

    @Test func nothingIsMarkedOnceConfirmedOrForReadingsWithoutConfidence() {
        let unsure = ReceiptConfidence(vendor: 0.1, date: 0.1, total: 0.1, currency: 0.1)
        #expect(!check(receipt(.confirmed, unsure)).any)
        #expect(!check(receipt(.read, nil)).any)
    }

    @Test func aValueThePersonGaveIsNeverMarked() {
        var typed = receipt(.read, ReceiptConfidence(vendor: 0.1, date: 0.1, total: 0.1, currency: 1))
        typed.vendor = "Kedai Runcit Zbh" // typed in with the upload
        #expect(!check(typed).vendor)
        // A form sent back with an error shows what the person wrote instead of the reading.
        var form = ReceiptForm(typed, currency: "MYR")
        form.total = "43.50"
        let marks = ReceiptPage.Check(typed, form: form)
        #expect(!marks.total && marks.date)
    }
}
