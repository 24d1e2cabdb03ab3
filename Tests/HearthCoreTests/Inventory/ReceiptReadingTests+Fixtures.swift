import Foundation
import Testing
@testable import HearthCore

/// The OCR text of every fixture receipt photo (Tests/HearthMediaTests/Fixtures/receipts, made by
/// make_receipts.py and read by tesseract) against what a person reads on it (expected.json there).
extension ReceiptReadingTests {
    /// One entry of expected.json: what a person reads on the photographed receipt.
    private struct FixtureReceipt: Decodable {
        var image: String
        var householdCurrency: String
        var vendor: String?
        var date: CalendarDate?
        var total: Money?
        var tax: Money?
        var number: String?
        var lines: [ReceiptLine]
    }

    @Test func fixtureReceiptsAreReadRight() throws {
        // Setup: expected.json beside the images, the OCR text beside this file.
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let expectedURL = here.appendingPathComponent("../../HearthMediaTests/Fixtures/receipts/expected.json").standardizedFileURL
        let receipts = try JSONDecoder().decode([String: [FixtureReceipt]].self, from: Data(contentsOf: expectedURL))["receipts"] ?? []
        #expect(receipts.count >= 10)
        var right = 0, linesFound = 0, linesExpected = 0
        for receipt in receipts {
            // Act
            let name = URL(fileURLWithPath: receipt.image).deletingPathExtension().lastPathComponent
            let text = try String(contentsOf: here.appendingPathComponent("Fixtures/receipts/\(name).txt"), encoding: .utf8)
            let proposal = ReceiptReading.propose(from: text, fallbackCurrency: receipt.householdCurrency)
            // Check
            let wrong = Self.wrongFields(proposal, receipt)
            if wrong.isEmpty { right += 1 }
            let found = receipt.lines.filter { line in proposal.lines.contains { Self.sameLine($0, line) } }.count
            linesFound += found
            linesExpected += receipt.lines.count
            let problems = wrong.isEmpty ? "" : "; " + wrong.joined(separator: "; ")
            print("\(wrong.isEmpty ? "right" : "WRONG") \(name): lines \(found)/\(receipt.lines.count)\(problems)")
        }
        print("receipts right: \(right) of \(receipts.count); line items found: \(linesFound) of \(linesExpected)")
        #expect(right * 10 >= receipts.count * 9)
        #expect(linesFound * 4 >= linesExpected * 3)
    }

    private static func wrongFields(_ proposal: ReceiptProposal, _ receipt: FixtureReceipt) -> [String] {
        var wrong: [String] = []
        func check(_ field: String, _ same: Bool, _ read: String?, _ printed: String?) {
            if !same { wrong.append("\(field) \(read ?? "nil"), not \(printed ?? "nil")") }
        }
        check("vendor", proposal.vendor.map(folded) == receipt.vendor.map(folded), proposal.vendor, receipt.vendor)
        check("date", proposal.date == receipt.date, proposal.date?.description, receipt.date?.description)
        check("total", proposal.total == receipt.total, proposal.total?.formatted, receipt.total?.formatted)
        check("tax", proposal.tax == receipt.tax, proposal.tax?.formatted, receipt.tax?.formatted)
        check("number", proposal.number == receipt.number, proposal.number, receipt.number)
        return wrong
    }

    /// Same amount and quantity, and a description that reads the same once case, accents and OCR-prone
    /// punctuation are set aside (or one contains the other, for a description OCR cut short).
    private static func sameLine(_ proposed: ReceiptLine, _ expected: ReceiptLine) -> Bool {
        guard proposed.amount == expected.amount, proposed.quantity == expected.quantity else { return false }
        let a = folded(proposed.description), b = folded(expected.description)
        return !a.isEmpty && (a == b || a.contains(b) || b.contains(a) || similarity(a, b) >= 0.8)
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).filter { $0.isLetter || $0.isNumber }
    }

    /// Share of characters in common position order (longest common subsequence over the longer length).
    private static func similarity(_ a: String, _ b: String) -> Double {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty, !y.isEmpty else { return 0 }
        var row = [Int](repeating: 0, count: y.count + 1)
        for i in x.indices {
            var diagonal = 0
            for j in y.indices {
                let above = row[j + 1]
                row[j + 1] = x[i] == y[j] ? diagonal + 1 : max(above, row[j])
                diagonal = above
            }
        }
        return Double(row[y.count]) / Double(max(x.count, y.count))
    }
}
