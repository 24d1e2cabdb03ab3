import Foundation
import HearthCore

/// Draws the blocks of an inventory report on a canvas.
struct ReportPainter {
    let canvas: PDFCanvas
    let withPhotos: Bool
    let left = ReportLayout.margin
    let width = ReportLayout.width

    func draw(_ block: ReportBlock, y: Double) {
        switch block {
        case .cover(let report): cover(report, y: y)
        case .claimHeader(let snapshot, let sha256): claimHeader(snapshot, sha256: sha256, y: y)
        case .claimLine(let line, let number, let incident, let thumbnail): claimLine(line, number: number, incident: incident, thumbnail: thumbnail, y: y)
        case .claimTotals(let lines, let note): claimTotals(lines, note: note, y: y)
        case .pageBreak, .spacer: break
        case .title(let text): canvas.text(text, x: left, y: y + 4, width: width, style: .heading)
        case .tableHeader(let cells): row(cells, y: y + 3, style: .smallBold, shaded: true)
        case .tableRow(let cells, let color):
            row(cells, y: y + 3, style: .small, shaded: false)
            if let color { canvas.fill(x: left - 9, y: y + 4, width: 4, height: 12, hex: color) }
        case .roomHeading(let section): roomHeading(section, y: y)
        case .item(let entry): item(entry, y: y)
        case .picture(let picture): self.picture(picture, y: y)
        }
    }

    func footer(_ text: String, page: Int, of total: Int) {
        let y = PDFCanvas.pageSize.height - 40
        canvas.line(from: (left, y - 6), to: (left + width, y - 6))
        canvas.text(text, x: left, y: y, width: width - 90, style: .small, lines: 2, gray: 0.35)
        canvas.text("Page \(page) of \(total)", x: left + width - 90, y: y, width: 90, style: .small, alignment: .right, gray: 0.35)
    }

    private func cover(_ report: InventoryReport, y: Double) {
        let entries = report.entries
        let documented = entries.filter { $0.item.documentation.isDocumented }.count
        var y = y + 120
        y += canvas.text("Home inventory", x: left, y: y, width: width, style: .title) + 8
        y += canvas.text(report.householdName, x: left, y: y, width: width, style: .heading, lines: 2) + 4
        y += canvas.text("Made \(report.dateText) with Hearth", x: left, y: y, width: width, style: .body, gray: 0.35) + 48
        let figures = [("Items", String(entries.count)), ("Total value", InventoryReport.total(entries)),
                       ("Documented", "\(documented) of \(entries.count)"), ("Documentation score", "\(report.score(entries)) %"),
                       ("Last checked", report.lastChecked)]
        for (label, value) in figures {
            canvas.line(from: (left, y), to: (left + width, y))
            canvas.text(label, x: left, y: y + 10, width: 180, style: .body, gray: 0.35)
            canvas.text(value, x: left + 180, y: y + 8, width: width - 180, style: .subheading, lines: 2)
            y += 44
        }
        canvas.line(from: (left, y), to: (left + width, y))
        let rooms = report.sections.map(\.name).joined(separator: ", ")
        canvas.text("Rooms: \(rooms)", x: left, y: y + 24, width: width, style: .small, lines: 4, gray: 0.35)
    }

    private func row(_ cells: [String], y: Double, style: PDFCanvas.Style, shaded: Bool) {
        if shaded { canvas.fill(x: left, y: y - 3, width: width, height: 20, gray: 0.93) }
        let columns: [(x: Double, width: Double, alignment: PDFCanvas.Alignment)] = [
            (left + 6, 200, .left), (left + 210, 50, .right), (left + 270, 130, .right), (left + 405, width - 411, .right),
        ]
        for (cell, column) in zip(cells, columns) {
            canvas.text(cell, x: column.x, y: y, width: column.width, style: style, alignment: column.alignment)
        }
        if !shaded { canvas.line(from: (left, y + 15), to: (left + width, y + 15), gray: 0.9) }
    }

    private func roomHeading(_ section: InventoryReport.Section, y: Double) {
        if let color = section.color { canvas.fill(x: left - 10, y: y + 4, width: 5, height: 24, hex: color) }
        canvas.text(section.name, x: left, y: y + 4, width: width - 200, style: .heading)
        let summary = "\(section.entries.count.counted(.item)) · \(InventoryReport.total(section.entries))"
        canvas.text(summary, x: left + width - 200, y: y + 10, width: 200, style: .small, alignment: .right, gray: 0.35)
        canvas.line(from: (left, y + 34), to: (left + width, y + 34), gray: 0.2, width: 1)
    }

    private func item(_ entry: InventoryReport.Entry, y: Double) {
        let item = entry.item
        var x = left
        if withPhotos {
            thumbnail(entry.thumbnail, y: y + 4, side: 56)
            x += 66
        }
        let textWidth = left + width - x - 150
        canvas.text(item.quantity > 1 ? "\(item.name) × \(item.quantity)" : item.name, x: x, y: y + 4, width: textWidth, style: .bold)
        let identity = [item.brand, item.model, item.serialNumber.map { "S/N \($0)" }].compactMap { $0 }.joined(separator: " · ")
        canvas.text(identity.isEmpty ? "No brand, model or serial number" : identity, x: x, y: y + 20, width: textWidth, style: .small,
                    gray: identity.isEmpty ? 0.5 : 0.1)
        let purchase = [item.purchaseDate.map { "Bought \($0)" }, item.purchasePlace.map { "at \($0)" }].compactMap { $0 }.joined(separator: " ")
        let details = [purchase.isEmpty ? nil : purchase, item.condition.map { "Condition: \($0.title)" }, entry.categoryName]
            .compactMap { $0 }.joined(separator: " · ")
        canvas.text(details, x: x, y: y + 33, width: textWidth, style: .small, lines: 2, gray: 0.25)
        let right = left + width - 145
        let prices = [item.purchasePrice.map { "Paid \($0.formatted)" }, item.replacementValue.map { "Replace \($0.formatted)" }]
            .compactMap { $0 }.joined(separator: "\n")
        canvas.text(prices.isEmpty ? "No value" : prices, x: right, y: y + 4, width: 145, style: .small, lines: 2, alignment: .right)
        let documentation = item.documentation
        let status = documentation.isDocumented ? "✓ Documented (\(documentation.score) %)"
            : "Missing: " + documentation.missing.map(\.noun).joined(separator: ", ")
        canvas.text(status, x: right, y: y + 33, width: 145, style: .small, lines: 2, alignment: .right, gray: documentation.isDocumented ? 0.2 : 0.45)
        canvas.line(from: (left, y + 66), to: (left + width, y + 66), gray: 0.88)
    }

    /// An item's photo in a square at the left margin, or a grey "No photo" square.
    func thumbnail(_ file: URL?, y: Double, side: Double) {
        let photo = file.flatMap { try? Data(contentsOf: $0) }
        guard !(photo.map { canvas.jpeg($0, x: left, y: y, width: side, height: side) } ?? false) else { return }
        canvas.fill(x: left, y: y, width: side, height: side, gray: 0.94)
        canvas.text("No photo", x: left, y: y + side / 2 - 6, width: side, style: .small, alignment: .center, gray: 0.5)
    }

    private func picture(_ picture: InventoryReport.Picture, y: Double) {
        let height = ReportBlock.picture(picture).height
        if let data = try? Data(contentsOf: picture.file) {
            canvas.jpeg(data, x: left, y: y + 6, width: width, height: height - 34)
        }
        canvas.text(picture.caption, x: left, y: y + height - 24, width: width, style: .small, alignment: .center, gray: 0.3)
    }
}
