import Foundation
import Testing
@testable import HearthCore

/// Totals the rest of the receipt bears out, and how sure a reading says it is of each field.
@Suite struct ReceiptConfidenceTests {
    private func read(_ lines: [(String, Double)], _ currency: String = "MYR") -> ReceiptProposal {
        ReceiptReading.propose(from: lines, fallbackCurrency: currency)
    }

    private func read(_ text: String, _ currency: String = "MYR") -> ReceiptProposal {
        ReceiptReading.propose(from: text, fallbackCurrency: currency)
    }

    private func clear(_ text: String) -> [(String, Double)] {
        text.split(separator: "\n").map { (String($0), 0.95) }
    }

    // MARK: Totals borne out

    @Test func aTaxSummaryTablesTotalIsNotThePurchases() {
        let text = "Total Sales (Excluding GST) : 180.00\nTotal GST : 10.80\nTotdYSales (Inclusive of GST) : 190.80\n"
            + "CASH : 190.80\nChange : 0.00\nGST SUMMARY\nTax Code % Amt(RM) Tax (RM)\nSR 6 180.00 10.80\nTotal : 180.00 10.80"
        #expect(read(text).total == Money(amount: 19080, currency: "MYR"))
    }

    @Test func aSignGluedToTheTotalWordIsRead() {
        let text = "Total (Incl GST, 0%) RM14.18\nRounding RM0.02\nGrand TotalRM14 . 20\nTotal Paid RM20.20"
        #expect(read(text).total == Money(amount: 1420, currency: "MYR"))
    }

    @Test func cashReceivedOrAcceptedLessTheChangeIsWhatWasPaid() {
        #expect(read("Gross Amt : 36.00\nNet Amt: 36.00\nReceived 36.00\nChange: 0.00").total == Money(amount: 3600, currency: "MYR"))
        #expect(read("Anount Incl. GST 5.00 RH\nAccepted total 10.00 RH\nChange 5.00 RH").total == Money(amount: 500, currency: "MYR"))
    }

    @Test func cashLessChangeWinsOverAnUnbackedTotalAboveTheRounding() {
        let text = "Total Sales (Inclusive GST) RM 22.91\nRounding Adjustment RM -0.01\nRounding RM 22.90\nCASH RM 50.00\nCHANGE RM 27.10"
        #expect(read(text).total == Money(amount: 2290, currency: "MYR"))
    }

    @Test func aTotalLineWithoutItsAmountIsSubtotalPlusTax() {
        let text = "Total (Excluding GST) : 4.80\nTotal (Inclusive of GST):\nGST Summary Amount (RM) Tax (RM)\nZRL (@ 0%) 4.80 0.00"
        #expect(read(text).total == Money(amount: 480, currency: "MYR"))
        #expect(read("SUBTOTAL 40.00\nTAX 3.30").total == nil, "no total line at all: nothing to say it is the total")
    }

    @Test func aDateWhoseDashOCRReadTwiceIsRead() {
        #expect(read("Date : 09- -06- 2018 16: 00:43").date == CalendarDate(year: 2018, month: 6, day: 9))
        #expect(read("Date : 26-05- -2018 15:16:13").date == CalendarDate(year: 2018, month: 5, day: 26))
        // An item's dot leader is no doubled separator.
        let leader = read("Eggs 2 .. 4.50\nTOTAL 4.50", "USD")
        #expect(leader.date == nil)
        #expect(leader.lines.first?.amount == Money(amount: 450, currency: "USD"))
    }

    @Test func aSummaryHeadingAboveTheTotalsHeadsThem() {
        #expect(read("Order summary (incl. VAT)\nSubtotal 10.00\nVAT 2.00\nTOTAL 12.00", "EUR").total == Money(amount: 1200, currency: "EUR"))
    }

    // MARK: Confidence

    @Test func aTotalTheReceiptBearsOutIsSurerThanALoneTotalLine() throws {
        let borne = try #require(read(clear("Coffee 4.00\nCake 6.00\nTOTAL 10.00\nCASH 20.00\nCHANGE 10.00")).confidence?.total)
        let lone = try #require(read(clear("Coffee 4.00\nTOTAL 12.00")).confidence?.total)
        #expect(borne >= 0.9)
        #expect(lone < borne)
        #expect(lone >= ReceiptConfidence.check, "a clearly printed total line needs no check")
    }

    @Test func aLineReadUnclearlyIsMarkedToCheck() throws {
        let proposal = read([("KEDAI RUNCIT ZBH", 0.95), ("Date: 12/06/2018", 0.95), ("TOTAL 43.40", 0.6)])
        let confidence = try #require(proposal.confidence)
        #expect(proposal.total == Money(amount: 4340, currency: "MYR"))
        #expect(try #require(confidence.total) < ReceiptConfidence.check)
        #expect(try #require(confidence.vendor) >= ReceiptConfidence.check)
        #expect(try #require(confidence.date) >= ReceiptConfidence.check)
    }

    @Test func aFieldOnALineOCRBarelyReadIsLeftEmpty() {
        let proposal = read([("Good Shop", 0.95), ("TOTAL 43.40", 0.3)])
        #expect(proposal.total == nil)
        #expect(proposal.confidence?.total == nil)
        #expect(proposal.vendor == "Good Shop")
    }

    @Test func aRegisteredNameIsSurerThanAFirstLine() throws {
        let registered = try #require(read(clear("TOAST F&B SDN BHD\nTOTAL 1.00")).confidence?.vendor)
        let plain = try #require(read(clear("Toast Corner\nTOTAL 1.00")).confidence?.vendor)
        #expect(registered > plain)
    }

    @Test func aDateThatReadsOneWayIsSurerThanOneWhoseDayAndMonthCouldSwap() throws {
        let plain = try #require(read(clear("Date: 25/06/2018")).confidence?.date)
        let swappable = try #require(read(clear("05/06/2018")).confidence?.date)
        #expect(plain > swappable)
    }

    @Test func aPrintedCurrencyIsSurerThanTheHouseholds() throws {
        #expect(read("TOTAL RM 5.00").confidence?.currency == 1)
        #expect(try #require(read("TOTAL 5.00").confidence?.currency) < 1)
    }
}
