import Foundation
import HearthCore
import HearthMedia
import Testing

/// The whole way from a phone photo to a proposal, as the server does it: OCR with the server's
/// preprocessing, then the parser, on every rendered receipt of the fixtures.
@Suite struct ReceiptReadingAccuracyTests {
    struct Expected: Decodable {
        let image: String
        let householdCurrency: String
        let vendor: String?
        let date: String?
        let total: Money?
        let tax: Money?
        let number: String?
        let lines: [ReceiptLine]
    }

    @Test func theProposedFieldsAreRightForAtLeastNineInTen() async throws {
        let data = try MediaFixture.data("receipts/expected.json")
        let receipts = try JSONDecoder().decode([String: [Expected]].self, from: data)["receipts"] ?? []
        let recognizer = TextRecognizer(processor: ImageProcessor())
        var right = 0, wrong: [String] = [], linesFound = 0, linesExpected = 0
        for expected in receipts {
            let read = try await recognizer.lines(inImageAt: MediaFixture.folder.appendingPathComponent("receipts/\(expected.image)").path)
            let proposal = ReceiptReading.propose(from: read.map { ($0.text, $0.confidence) }, fallbackCurrency: expected.householdCurrency)
            var misses: [String] = []
            if proposal.vendor != expected.vendor { misses.append("vendor \(proposal.vendor ?? "nil")") }
            if proposal.date?.description != expected.date { misses.append("date \(proposal.date?.description ?? "nil")") }
            if proposal.total != expected.total { misses.append("total \(proposal.total?.formatted ?? "nil")") }
            if proposal.tax != expected.tax { misses.append("tax \(proposal.tax?.formatted ?? "nil")") }
            if proposal.number != expected.number { misses.append("number \(proposal.number ?? "nil")") }
            linesExpected += expected.lines.count
            linesFound += expected.lines.filter { line in proposal.lines.contains { $0.amount == line.amount } }.count
            if misses.isEmpty { right += 1 } else { wrong.append("\(expected.image): \(misses.joined(separator: ", "))") }
        }
        #expect(receipts.count >= 10)
        let report = "\(right) of \(receipts.count) right, \(linesFound) of \(linesExpected) lines; wrong: \(wrong.joined(separator: "; "))"
        #expect(right * 10 >= receipts.count * 9, "\(report)")
        #expect(linesFound * 10 >= linesExpected * 8, "\(report)")
        if ProcessInfo.processInfo.environment["HEARTH_PRINT_OCR"] != nil { print(report) }
    }
}
