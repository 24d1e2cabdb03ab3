import Foundation
import HearthCore

extension InventoryReport {
    /// Writes the report as a PDF to `path`: a cover, a summary by room and by category, every room
    /// with its items, and (with photos) an appendix of the photos and receipt images. Every page
    /// carries the household, the date and "Page n of N". `progress` hears the share of pages done.
    /// Returns the number of pages.
    @discardableResult
    public func writePDF(to path: String, progress: (Double) -> Void = { _ in }) throws -> Int {
        try ReportLayout.write(blocks(), to: path, title: "Home inventory — \(householdName)",
                               footer: "\(householdName) · Home inventory · \(dateText)", withPhotos: withPhotos, progress: progress)
    }

    /// The report as blocks of known height, in order.
    func blocks() -> [ReportBlock] {
        var blocks: [ReportBlock] = [.cover(self), .pageBreak, .title("Summary by room"), .tableHeader(["Room", "Items", "Value", "Documented"])]
        blocks += sections.map { .tableRow(summaryRow($0.name, $0.entries), color: $0.color) }
        blocks += [.spacer(16), .title("Summary by category"), .tableHeader(["Category", "Items", "Value", "Documented"])]
        blocks += categories.map { .tableRow(summaryRow($0.name, $0.entries), color: $0.color) }
        for section in sections {
            blocks += [.pageBreak, .roomHeading(section)]
            blocks += section.entries.map(ReportBlock.item)
        }
        let pictures = withPhotos ? entries.flatMap(\.pictures) : []
        if !pictures.isEmpty {
            blocks += [.pageBreak, .title("Appendix: photos and receipts")]
            blocks += pictures.map(ReportBlock.picture)
        }
        return blocks
    }

    func summaryRow(_ name: String, _ entries: [Entry]) -> [String] {
        let documented = entries.filter { $0.item.documentation.isDocumented }.count
        return [name, String(entries.count), Self.total(entries), "\(documented) of \(entries.count) · \(score(entries)) %"]
    }
}

/// A piece of the report with a fixed height, so pages (and "of N") are known before drawing.
enum ReportBlock {
    case cover(InventoryReport)
    case pageBreak
    case claimHeader(ClaimSnapshot, sha256: String)
    case claimLine(ClaimSnapshot.Line, number: Int, incident: CalendarDate, thumbnail: URL?)
    /// The totals, and how actual cash values were estimated.
    case claimTotals([String], note: String?)
    case title(String)
    case spacer(Double)
    case tableHeader([String])
    /// A row, with a colour drawn in the margin beside it.
    case tableRow([String], color: String? = nil)
    case roomHeading(InventoryReport.Section)
    case item(InventoryReport.Entry)
    case picture(InventoryReport.Picture)

    var height: Double {
        switch self {
        case .cover: ReportLayout.bottom - ReportLayout.top
        case .pageBreak: 0
        case .claimHeader: 170
        case .claimLine: 80
        case .claimTotals(let lines, let note): 20 + Double(lines.count) * 16 + (note == nil ? 0 : 30)
        case .title: 34
        case .spacer(let height): height
        case .tableHeader: 20
        case .tableRow: 18
        case .roomHeading: 44
        case .item: 68
        case .picture: (ReportLayout.bottom - ReportLayout.top - 34) / 2
        }
    }

    /// A heading stays on the page of what follows it.
    var keepsWithNext: Bool {
        switch self {
        case .title, .tableHeader, .roomHeading, .claimHeader: true
        default: false
        }
    }
}

enum ReportLayout {
    static let margin = 40.0
    static let top = 40.0
    static let bottom = PDFCanvas.pageSize.height - 56
    static let width = PDFCanvas.pageSize.width - 2 * margin

    /// Draws the blocks on pages of a new PDF at `path`, each page with `footer` and "Page n of N".
    static func write(_ blocks: [ReportBlock], to path: String, title: String, footer: String, withPhotos: Bool,
                      progress: (Double) -> Void) throws -> Int {
        let pages = paginate(blocks)
        let canvas = try PDFCanvas(path: path, title: title)
        let painter = ReportPainter(canvas: canvas, withPhotos: withPhotos)
        for (index, page) in pages.enumerated() {
            var y = top
            for block in page {
                painter.draw(block, y: y)
                y += block.height
            }
            painter.footer(footer, page: index + 1, of: pages.count)
            canvas.endPage()
            progress(Double(index + 1) / Double(pages.count))
        }
        try canvas.finish()
        return pages.count
    }

    /// Blocks into pages: a page ends at a page break or when the next block (with the one it
    /// keeps with) does not fit.
    static func paginate(_ blocks: [ReportBlock]) -> [[ReportBlock]] {
        var pages: [[ReportBlock]] = [], page: [ReportBlock] = [], used = 0.0
        for (index, block) in blocks.enumerated() {
            if case .pageBreak = block {
                if !page.isEmpty { pages.append(page) }
                (page, used) = ([], 0)
                continue
            }
            var needed = block.height
            if block.keepsWithNext, index + 1 < blocks.count { needed += blocks[index + 1].height }
            if !page.isEmpty && used + needed > bottom - top {
                pages.append(page)
                (page, used) = ([], 0)
            }
            page.append(block)
            used += block.height
        }
        if !page.isEmpty { pages.append(page) }
        return pages
    }
}
