import Foundation
import HearthCore

/// A frozen claim as adjusters take it: CSV with the columns contents tools use, and a PDF of the
/// incident and every item with its photo, totals and documentation gaps; the hash on every page.
public enum ClaimExport {
    public static let csvHeader = [
        "Item description", "Brand or manufacturer", "Model number", "Serial number", "Quantity lost", "Item age (years)", "Condition",
        "Cost to replace pre-tax (each)", "Total", "Purchase date", "Purchase place", "Room", "Category", "Receipt", "Photo file names", "Currency",
        "Depreciation (%)", "Actual cash value",
    ]

    public static func csv(_ snapshot: ClaimSnapshot) -> String {
        let rows = snapshot.lines.map { line in
            let cash = line.actualCashValue(at: snapshot.incident.date)
            return [
                [line.name, line.description].compactMap { $0 }.joined(separator: " — "), line.brand ?? "", line.model ?? "", line.serialNumber ?? "",
                String(line.quantityLost), line.age(at: snapshot.incident.date).map { String(format: "%.1f", $0) } ?? "",
                line.condition?.title ?? "", line.replacementEach?.decimalString ?? "", line.total?.decimalString ?? "",
                line.purchaseDate?.description ?? "", line.purchasePlace ?? "", line.room ?? "", line.category ?? "",
                line.hasReceipt ? "yes" : "no", line.photos.map(\.name).joined(separator: "; "),
                line.replacementEach?.currency ?? "",
                cash == nil ? "" : line.percentLost(at: snapshot.incident.date).map(String.init) ?? "", cash?.decimalString ?? "",
            ]
        }
        return CSVTable.render(header: csvHeader, rows: rows)
    }

    /// Writes the claim's PDF; `thumbnails` are the items' primary photos (JPEG files) by item id.
    @discardableResult
    public static func writePDF(_ snapshot: ClaimSnapshot, sha256: String, outcomes: [ClaimLine], thumbnails: [UUID: URL], to path: String) throws -> Int {
        var blocks: [ReportBlock] = [.claimHeader(snapshot, sha256: sha256)]
        for (index, line) in snapshot.lines.enumerated() {
            blocks.append(.claimLine(line, number: index + 1, incident: snapshot.incident.date, thumbnail: thumbnails[line.itemId]))
        }
        blocks.append(.claimTotals(totals(snapshot, outcomes: outcomes), note: snapshot.lines.contains { $0.depreciation != nil } ? Depreciation.method : nil))
        let reference = snapshot.incident.reference.map { " \($0)" } ?? ""
        let footer = "Claim\(reference) · frozen \(snapshot.frozenAt.formatted(Date.ISO8601FormatStyle())) · SHA-256 \(sha256)"
        return try ReportLayout.write(blocks, to: path, title: "Claim — \(snapshot.householdName)", footer: footer, withPhotos: true, progress: { _ in })
    }

    /// "Claimed $1,319.00", "Paid $850.00 (1 of 2 lines paid, 1 denied)".
    public static func totals(_ snapshot: ClaimSnapshot, outcomes: [ClaimLine]) -> [String] {
        var lines = ["Claimed \(Money.totalsText(snapshot.totals))"]
        let cash = snapshot.actualCashTotals
        if cash.unknown < snapshot.lines.count {
            let unknown = cash.unknown == 0 ? "" : " (\(cash.unknown.counted(Noun("line"))) without one)"
            lines.append("Actual cash value \(Money.totalsText(cash.totals))\(unknown)")
        }
        let paid = Money.totals(outcomes.compactMap(\.paid)).map(\.formatted)
        let counts = ClaimLine.Outcome.allCases.compactMap { outcome -> String? in
            let count = outcomes.filter { $0.outcome == outcome }.count
            return count == 0 || outcome == .open ? nil : "\(count) \(outcome.rawValue)"
        }
        if !paid.isEmpty || !counts.isEmpty {
            lines.append("Paid \(paid.isEmpty ? "nothing yet" : paid.joined(separator: " + "))" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))"))
        }
        return lines
    }
}
