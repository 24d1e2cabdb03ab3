import Foundation
import Testing
@testable import HearthCore

/// The parsing rules on small hand-written texts (the fixture receipts are in ReceiptReadingTests+Fixtures).
@Suite struct ReceiptReadingTests {
    private func read(_ text: String, _ currency: String = "USD") -> ReceiptProposal {
        ReceiptReading.propose(from: text, fallbackCurrency: currency)
    }

    private func money(_ amount: Int, _ currency: String = "USD") -> Money { Money(amount: amount, currency: currency) }

    // MARK: Vendor

    @Test(arguments: [
        ("BYTE & BOLT ELECTRONICS\n2250 Market Street\nTOTAL 5.00", "BYTE & BOLT ELECTRONICS"),
        ("*** RECEIPT ***\nWelcome!\nCorner Hardware\n418 Elm Avenue", "Corner Hardware"),
        ("Welcome to Freshway Market\n77 Orchard Road", "Freshway Market"),
        ("www.example.com\n(415) 555-0187\n03/14/2026 14:32\nLittle Fern Café", "Little Fern Café"),
        ("123 Main St\nSpringfield, IL 62701\nTel 555-0142\nSALES RECEIPT\nDeli Uno", "Deli Uno"),
        ("ao Wohnwerk Keller AG\nLangstrasse 48, 8004 Zurich", "Wohnwerk Keller AG"),
        ("< - ttt\nLittle Fern Café Eo\n9 Alder Lane", "Little Fern Café"),
        ("Smith & Co\n12 High St", "Smith & Co"),
        ("Northwind Outfitters Order Confirmation\nOrder #NW-1", "Northwind Outfitters"),
        ("BEST BUY #1184\n1200 Main Street\n11/02/2025 14:32", "BEST BUY"),
    ])
    func vendorIsTheFirstMeaningfulLine(text: String, vendor: String) {
        #expect(read(text).vendor == vendor)
    }

    @Test(arguments: [
        ("hoboe}\nTHE CORNER F&B SDN BHD (965752-T)\nLOT 21, JALAN PERMAS", "THE CORNER F&B SDN BHD"),
        ("Bobo98\nLakeside Realties Sdn Bhd (Co. No:20154-T)\n(GST Registration No : 000650247680)", "Lakeside Realties Sdn Bhd"),
        ("88 QUICK MART S/B (519537-X)\nLOT 7, JALAN ANGSA\nTAMAN BERKELEY", "88 QUICK MART S/B"),
        ("PASAR BESAR MAJU\n(KAJANG) SDN BHD\n(767840-W)", "PASAR BESAR MAJU (KAJANG) SDN BHD"),
        ("Norvik Trading GmbH\nHauptstrasse 4", "Norvik Trading GmbH"),
        ("Thank you\nHarbour Lights Ltd.\n4 Quay St", "Harbour Lights Ltd."),
    ])
    func aRegisteredNameIsTheShopEvenBelowALogo(text: String, vendor: String) {
        #expect(read(text, "MYR").vendor == vendor)
    }

    @Test(arguments: [
        "MILK 1 GAL 3.89\nTOTAL 3.89",
        "1180 Harbor Blvd, Costa Mesa, CA 92626\nSALES INVOICE\nSold to: Jordan Avery\nItem Qty Price Amount\nTable 1 9.00 9.00",
        "",
    ])
    func vendorIsLeftEmptyWhenNoHeaderLineNamesTheShop(text: String) {
        #expect(read(text).vendor == nil)
    }

    // MARK: Dates

    @Test(arguments: [
        ("Date: 2026-03-14", "USD", "2026-03-14"),
        ("03/14/2026 14:32", "USD", "2026-03-14"),
        ("05/03/2026", "USD", "2026-05-03"),
        ("05/03/2026", "EUR", "2026-03-05"),
        ("06/03/26 15:47", "GBP", "2026-03-06"),
        ("14/03/26", "USD", "2026-03-14"),
        ("05.03.2026 11:24", "USD", "2026-03-05"),
        ("Mar 7, 2026 10:42 AM", "USD", "2026-03-07"),
        ("March 14 2026", "USD", "2026-03-14"),
        ("14 Mar 2026 08:51", "USD", "2026-03-14"),
        ("14-Mar-26", "GBP", "2026-03-14"),
        ("Datum: 14. März 2026", "EUR", "2026-03-14"),
        ("Le 9 mars 2026", "EUR", "2026-03-09"),
        ("O3/l4/2026", "USD", "2026-03-14"),
        ("Date : 26- 06- \u{201C}2018 15:16:13", "MYR", "2018-06-26"),
        ("15 /06/ 2018", "MYR", "2018-06-15"),
        ("03/05/2018", "MYR", "2018-05-03"),
        ("Date : O5- 05: 2018 11:25:29", "MYR", "2018-05-05"),
        ("Date : 20~-06- \u{201C}2018 13:45", "MYR", "2018-06-20"),
        ("----2003 CLOSED 15 Jun 18 09:08:37 PM", "MYR", "2018-06-15"),
    ])
    func datesInTheFormsReceiptsPrint(text: String, currency: String, date: String) {
        #expect(read(text, currency).date == CalendarDate(iso: date))
    }

    @Test func theDateOfPurchaseWinsOverReturnShipAndDeliveryDates() {
        let text = "RETURN BY 04/13/2026\nShipped: Feb 5, 2026\nOrder date: Feb 3, 2026\nDelivery: 2026-02-09"
        #expect(read(text).date == CalendarDate(iso: "2026-02-03"))
        #expect(read("Invoice 7 Date: January 22, 2026 Delivery: 2026-02-02").date == CalendarDate(iso: "2026-01-22"))
        #expect(read("Delivery scheduled for 01/16/2026").date == nil)
    }

    @Test(arguments: ["EXP 08/27", "13/13/2026", "02/30/2026", "Table 14.03", "Zeit 11:24", "Apr 2026"])
    func noDateWhenNoneIsComplete(text: String) {
        #expect(read(text).date == nil)
    }

    // MARK: Totals

    @Test(arguments: [
        ("SUBTOTAL 40.00\nTAX 3.30\nTOTAL 43.30\nCASH 50.00\nCHANGE 6.70", 4330),
        ("TOTAL SAVINGS 1.50\nTOTAL ITEMS 3\nSubtotal 10.00\n**** TOTAL 12.00", 1200),
        ("Grand Total 2,827.36\nDeposit Paid 500.00\nBalance Due 2,327.36", 282_736),
        ("AMOUNT DUE 1,921.77\nVisa 1,921.77", 192_177),
        ("BALANCE DUE 18.40", 1840),
        ("Order total $312.28", 31228),
        ("Total (incl. VAT) 23.97\nVAT 4.00", 2397),
        ("TOTAL\n43.22\nDEBIT 43.22", 4322),
        ("TOTAL 4O.5O", 4050),
        ("TOTAL 19 . 99", 1999),
        ("**** TOTAL .99", 99),
    ])
    func totalIsTheAmountOnTheTotalLine(text: String, cents: Int) {
        #expect(read(text).total == money(cents))
    }

    @Test(arguments: [
        ("Total Amount: RM7.72\nGST @0%: RM0.00\nRounding: -RM0.02\nNett Total: RM7.70", 770),
        ("Total (Inclusive of GST): 67.98\nRounding Adj: 0.02\nTOTAL: 68.00\nCASH : 70.00", 6800),
        ("Net Total (MYR): 19.01\nRounding Adj. : -0.01\nNet Total Rounded (MYR): 19.00\nCash : 19.00", 1900),
        ("SUB TOTAL 10.30\nROUNDING ADJ 0.00\nTOTALAMOUNT 10.30\nCASH 11.00\nCHANGE AMT 0.70", 1030),
        ("NetTotal(MYR: 48.00\nCash : 48.00", 4800),
    ])
    func theTotalAfterRoundingIsWhatWasPaid(text: String, cents: Int) {
        #expect(read(text, "MYR").total == money(cents, "MYR"))
    }

    @Test func aTotalThePaymentBearsOutWinsOverOneOCRGarbled() {
        let text = "Total: 2 42.00\nTotal Sales (inclusive of GST) 12.00\nCASH 20.00\nCHANGE 8.00"
        #expect(read(text, "MYR").total == money(1200, "MYR"))
        #expect(read("Total S274) 0.14\nTotal Incl GST 2.50", "MYR").total == money(250, "MYR"))
    }

    @Test(arguments: [
        ("Total (Ex tuding GST): 4.80\nCASH | 4.80", 480),
        ("SUBTOTAL RM152.00\nCASH RM152.00", 15200),
        ("Tota1 : 6. O\nCASH 20.00\nCHANGE 13.30", 670),
        ("Amount Incl. GST 5.00\nChange 0.00", 500),
    ])
    func withNoTotalLineReadWhatWasPaidIsTheTotal(text: String, cents: Int) {
        #expect(read(text, "MYR").total == money(cents, "MYR"))
    }

    @Test func twoDifferentPaymentsAndNoTotalLineMakeNoTotal() {
        #expect(read("VISA 10.00\nVOUCHER PAID 5.00", "MYR").total == nil)
    }

    @Test func europeanTotals() {
        #expect(read("Summe EUR 51,91\nGirocard 51,91", "USD").total == money(5191, "EUR"))
        #expect(read("Total à payer 112, 70-€", "GBP").total == money(11270, "EUR"))
        #expect(read("Total CHF 286.30", "EUR").total == money(28630, "CHF"))
        #expect(read("TOTAL £33.42", "USD").total == money(3342, "GBP"))
        #expect(read("Gesamt 1.299,00 EUR", "EUR").total == money(129_900, "EUR"))
    }

    @Test(arguments: [
        "SUBTOTAL 40.00\nTAX 3.30",
        "TOTAL SAVINGS 10.00\nTOTAL ITEMS 5",
        "BALANCE DUE 0.00",
        "TOTAL 4?.#S",
        "MILK 3.89\nBREAD 2.50",
    ])
    func totalIsLeftEmptyWhenNoTotalLineCanBeRead(text: String) {
        #expect(read(text).total == nil)
    }

    // MARK: Tax

    @Test(arguments: [
        ("SALES TAX 8.625% 33.29\nTOTAL 419.24", 3329),
        ("TAX 1.07\nTOTAL 43.22", 107),
        ("VAT 20% on £23.43 £3.91\nTOTAL £33.42", 391),
        ("MwSt Netto Steuer Brutto\nA 19% 43,62 8,29 51,91\nSumme 51,91", 829),
        ("enth. MwSt 19% 7,64\nSumme 47,85", 764),
        ("dont TVA 20% 18,78 €\nTotal à payer 112,70 €", 1878),
        ("MWST 8.1% inkl. 21.45\nTotal CHF 286.30", 2145),
        ("STATE TAX 2.00\nCITY TAX 0.50\nTOTAL 52.50", 250),
        ("TOTAL TAX 3.20\nTOTAL 43.20", 320),
        ("MwSt 19% Netto 43,62 Steuer 8,29 Brutto 51,91", 829),
    ])
    func taxIsTheAmountOnTheTaxLine(text: String, cents: Int) {
        #expect(read(text).tax?.amount == cents)
    }

    @Test(arguments: [
        "VAT Reg No. GB 284 5521 09\nTOTAL 33.42",
        "USt-IdNr. DE 281 445 920\nSumme 51,91",
        "Total before tax 40.00\nTOTAL 43.30",
        "TAX 50.00\nTOTAL 43.30",
        "VAT 20% on £23.43",
    ])
    func taxIsLeftEmptyWhenNoTaxAmountIsPrinted(text: String) {
        #expect(read(text).tax == nil)
    }

    @Test func aTaxThatDisagreesWithSubtotalAndTotalInOneDigitIsTheirDifference() {
        #expect(read("SUBTOTAL 42.15\nTAX 1.67\nTOTAL 43.22").tax == money(107))
        #expect(read("SUBTOTAL 42.15\nTAX 1.07\nBAG FEE 0.10\nTOTAL 43.32").tax == money(107))
    }

    @Test func anUnreadableTaxAloneBetweenSubtotalAndTotalIsTheirDifference() {
        #expect(read("SUBTOTAL 262.42\nSALES TAX 6 . 900% 15:75\nTOTAL 278.17").tax == money(1575))
        #expect(read("SUBTOTAL 262.42\nSALES TAX 15:75\nBAG FEE 0.10\nTOTAL 278.27").tax == nil)
        #expect(read("SUBTOTAL 262.42\nTOTAL 278.17").tax == nil)
    }

    // MARK: Receipt numbers

    @Test(arguments: [
        ("RECEIPT # 0417-2231-0098", "0417-2231-0098"),
        ("Receipt No: 000812", "000812"),
        ("Invoice No. OL-20931 Date: January 22, 2026", "OL-20931"),
        ("Invoice #: HL-118-0772", "HL-118-0772"),
        ("TRANS# 88213 STORE 02 TERM 1", "88213"),
        ("Order #NW-10023455", "NW-10023455"),
        ("Beleg-Nr. 4711 Kasse 2", "4711"),
        ("Quittung Nr. 22031", "22031"),
        ("Ticket n° 001847 Caisse 1", "001847"),
        ("Order date: Feb 3, 2026\nOrder number: 112-7734321", "112-7734321"),
        ("RECEIPT # 0417 -2231-0098", "0417-2231-0098"),
        ("REC#2-4521-0213-0045", "2-4521-0213-0045"),
        ("ST# 01234 OP# 009011 TE# 11 TR# 05623", "05623"),
    ])
    func numberFollowsItsLabel(text: String, number: String) {
        #expect(read(text).number == number)
    }

    @Test(arguments: ["SALES RECEIPT", "Keep this receipt for your warranty", "Order total 12.00", "Store #118"])
    func numberIsLeftEmptyWithoutALabelledValue(text: String) {
        #expect(read(text).number == nil)
    }

    // MARK: Currency

    @Test(arguments: [
        ("TOTAL $5.00", "EUR", "USD"), ("TOTAL 5,00 €", "USD", "EUR"), ("TOTAL £5.00", "USD", "GBP"),
        ("Total CHF 5.00", "EUR", "CHF"), ("Summe EUR 5,00", "USD", "EUR"), ("TOTAL 5.00", "NZD", "NZD"),
        ("TOTAL $5.00", "CAD", "CAD"), ("ALL ITEMS FINAL SALE\nTOTAL 5.00", "USD", "USD"),
        ("Nett Total: RM7.70", "USD", "MYR"), ("Amount (RM) Tax (RM)\nTOTAL 5.00", "USD", "MYR"), ("TOTAL Rp 25.000,00", "USD", "IDR"),
        ("TOTAL 5.00\nTOTAL US$ 5.00", "SGD", "USD"), ("TOTAL S$5.00", "USD", "SGD"), ("Summe 12,50 zł", "EUR", "PLN"),
        ("TOTAL 5.00\nINV $000000100068\nJalan $821/39", "MYR", "MYR"), ("Bills :¥001-539233\nTOTAL 5.00", "MYR", "MYR"),
        ("4 BOTTLES 15.95 ¥ 63.80\nTOTAL 63.80", "MYR", "MYR"), ("PLUG TOP 13A(BIASA) @8.00\nTOTAL 8.00", "MYR", "MYR"),
        ("Doc No. : €&01076605\nTOTAL 5.00", "MYR", "MYR"), ("Tax Code % Amt(RM) Tax (RM)\nTotal: 381.80 £2.89", "MYR", "MYR"),
        ("6 HOURS ¥ 1700 102.00\nTOTAL 102.00", "MYR", "MYR"), ("TOTAL 100,00 kr", "SEK", "SEK"), ("TOTAL ¥500", "USD", "JPY"),
    ])
    func currencyComesFromTheTextOrTheHousehold(text: String, fallback: String, currency: String) {
        let proposal = read(text, fallback)
        #expect(proposal.currency == currency)
        #expect(proposal.total?.currency == currency)
    }

    @Test func zeroDecimalCurrenciesReadWholeAmounts() {
        #expect(read("TOTAL ¥1,280", "USD").total == money(1280, "JPY"))
        #expect(read("TOTAL 1,280", "JPY").total == money(1280, "JPY"))
    }

    // MARK: Line items

    @Test func itemsAreDescribedLinesWithAPriceBeforeTheSubtotal() {
        let text = """
            CORNER HARDWARE
            Mar 7, 2026
            CORDLESS DRILL 20V KIT 129.00 T
            WOOD SCREWS #8 100PK
              3 @ 6.49 19.47 T
            INSTANT SAVINGS -10.00
            CPN DRILL 5.00
            SUBTOTAL 143.47
            TAX 8.61
            TOTAL 152.08
            VISA 152.08
            """
        #expect(read(text).lines == [
            ReceiptLine(description: "CORDLESS DRILL 20V KIT", quantity: 1, amount: money(12900)),
            ReceiptLine(description: "WOOD SCREWS #8 100PK", quantity: 3, amount: money(1947)),
        ])
    }

    @Test(arguments: [
        ("2 x Fineliner Pen 0.4 $3.98", "Fineliner Pen 0.4", 2, 398),
        ("2 Flat White $9.00", "Flat White", 2, 900),
        ("Kissenbezug 65x65 2 x 24.90 49.80", "Kissenbezug 65x65", 2, 4980),
        ("Upholstered Dining Chair 4 189.00 756.00", "Upholstered Dining Chair", 4, 75600),
        ("Walnut Dining Table 84\" i 1,249.00 1,249.00", "Walnut Dining Table 84\"", 1, 124_900),
        ("12 PACK EGGS 4.29", "12 PACK EGGS", 1, 429),
        ("GREEK YOGURT 32OZ 5.49 F", "GREEK YOGURT 32OZ", 1, 549),
        ("Mouse ....... 24.99*", "Mouse", 1, 2499),
        ("GV PNT BUTTR 007874237003 F 1.98 N", "GV PNT BUTTR", 1, 198),
        ("212080405 GOOD GATHER MILK $3.49", "GOOD GATHER MILK", 1, 349),
        ("Washer WF45B6300AW 899.00", "Washer WF45B6300AW", 1, 89900),
        ("2 of: AA Batteries $16.99", "AA Batteries", 2, 1699),
    ])
    func quantitiesPrintedOnTheItemLine(text: String, description: String, quantity: Int, cents: Int) {
        #expect(read(text).lines == [ReceiptLine(description: description, quantity: quantity, amount: money(cents))])
    }

    @Test func aQuantityLineAboveTheItemAppliesToIt() {
        let text = "Pfannenwender 7,99 A\n2 x 3,49\nSpülschwamm 3er 6,98 A\nSumme EUR 14,97"
        #expect(read(text, "EUR").lines == [
            ReceiptLine(description: "Pfannenwender", quantity: 1, amount: money(799, "EUR")),
            ReceiptLine(description: "Spülschwamm 3er", quantity: 2, amount: money(698, "EUR")),
        ])
    }

    @Test func aCountLineBelowAnItemAppliesToItWhenThePricesAgree() {
        let text = "ROOM ESSENTIALS TOWEL $6.00\n2 @ $3.00 ea\nSUBTOTAL $6.00"
        #expect(read(text).lines == [ReceiptLine(description: "ROOM ESSENTIALS TOWEL", quantity: 2, amount: money(600))])
    }

    @Test func aTotalAboveTheItemsDoesNotEndThem() {
        let text = "Order Total: $64.17\nAnker USB C Charger 40W $25.99\nGrand Total: $25.99"
        #expect(read(text).lines == [ReceiptLine(description: "Anker USB C Charger 40W", quantity: 1, amount: money(2599))])
    }

    @Test func weighedItemsKeepTheirNameAndPrice() {
        let text = "PRODUCE\nBANANAS\n 2.14 lb @ 0.59 /lb 1.26 F\nTOTAL 1.26"
        #expect(read(text).lines == [ReceiptLine(description: "BANANAS", quantity: 1, amount: money(126))])
    }

    @Test func amountsWithOCRNoise() {
        let text = "Tea 1O.5O\nMug l2.99 T\nLamp 4S.00\nSoap 7 , 99\nTape 3.79*\nSofa 1,2O9.OO\nTOTAL 1,289.27"
        #expect(read(text).lines.map(\.amount?.amount) == [1050, 1299, 4500, 799, 379, 120_900])
    }
}
