import Foundation
import HearthCore

/// The blocks of a claim's PDF: the incident, one block per item lost, the totals.
extension ReportPainter {
    func claimHeader(_ snapshot: ClaimSnapshot, sha256: String, y: Double) {
        var y = y
        y += canvas.text("Claim: \(snapshot.incident.kind.title.lowercased()) on \(snapshot.incident.date)", x: left, y: y, width: width, style: .heading) + 4
        y += canvas.text(snapshot.householdName, x: left, y: y, width: width, style: .subheading) + 10
        let facts = [
            ("Incident", "\(snapshot.incident.kind.title), \(snapshot.incident.date)"),
            ("Reference", snapshot.incident.reference ?? "—"),
            ("Frozen", snapshot.frozenAt.formatted(Date.ISO8601FormatStyle())),
            ("SHA-256", sha256),
        ]
        for (label, value) in facts {
            canvas.text(label, x: left, y: y, width: 90, style: .small, gray: 0.35)
            y += max(canvas.text(value, x: left + 90, y: y, width: width - 90, style: .small, lines: 2), 12) + 2
        }
        if let description = snapshot.incident.description {
            canvas.text(description, x: left, y: y + 6, width: width, style: .body, lines: 4)
        }
        canvas.line(from: (left, y + 64), to: (left + width, y + 64), gray: 0.2, width: 1)
    }

    func claimLine(_ line: ClaimSnapshot.Line, number: Int, incident: CalendarDate, thumbnail: URL?, y: Double) {
        let age = line.age(at: incident)
        var x = left
        if withPhotos {
            self.thumbnail(thumbnail, y: y + 4, side: 60)
            x += 70
        }
        let textWidth = left + width - x - 150
        canvas.text("\(number). \(line.name)", x: x, y: y + 4, width: textWidth, style: .bold)
        let identity = [line.brand, line.model, line.serialNumber.map { "S/N \($0)" }].compactMap { $0 }.joined(separator: " · ")
        canvas.text(identity.isEmpty ? "No brand, model or serial number" : identity, x: x, y: y + 20, width: textWidth, style: .small)
        let facts = [line.purchaseDate.map { "Bought \($0)" }, age.map { "\($0) years old" }, line.condition.map { "Condition: \($0.title)" },
                     line.room, line.category].compactMap { $0 }.joined(separator: " · ")
        canvas.text(facts, x: x, y: y + 33, width: textWidth, style: .small, gray: 0.25)
        let files = "\(line.photos.count.counted(.photo)) · \(line.hasReceipt ? "receipt" : "no receipt")"
        canvas.text(files, x: x, y: y + 46, width: textWidth, style: .small, gray: 0.25)
        let right = left + width - 145
        let each = line.replacementEach?.formatted ?? "no value"
        canvas.text("\(line.quantityLost) × \(each)", x: right, y: y + 4, width: 145, style: .small, alignment: .right)
        canvas.text(line.total?.formatted ?? "—", x: right, y: y + 17, width: 145, style: .bold, alignment: .right)
        if let cash = line.actualCashValue(at: incident) {
            let lost = line.percentLost(at: incident).map { $0 == 0 ? "" : " (−\($0)%)" } ?? ""
            canvas.text("ACV \(cash.formatted)\(lost)", x: right, y: y + 31, width: 145, style: .small, alignment: .right, gray: 0.25)
        }
        let gaps = line.missing.isEmpty ? "Fully documented" : "Missing: " + line.missing.map(\.noun).joined(separator: ", ")
        canvas.text(gaps, x: right, y: y + 44, width: 145, style: .small, lines: 2, alignment: .right, gray: line.missing.isEmpty ? 0.2 : 0.45)
        canvas.line(from: (left, y + 76), to: (left + width, y + 76), gray: 0.88)
    }

    func claimTotals(_ lines: [String], note: String?, y: Double) {
        var y = y + 8
        for line in lines {
            canvas.text(line, x: left, y: y, width: width, style: .bold, alignment: .right)
            y += 16
        }
        if let note { canvas.text(note, x: left, y: y + 4, width: width, style: .small, lines: 2, alignment: .right, gray: 0.35) }
    }
}
