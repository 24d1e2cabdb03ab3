import Foundation

/// One label: a QR code of the item's address on this server, its name and asset id, and for a
/// box what is in it.
public struct ItemLabel: Sendable, Equatable {
    public var name: String
    public var assetId: String
    /// What the QR code holds: the item's page (`https://hearth.example.org/inventory/items/…`).
    public var address: String
    /// "12 things · €1,240.00" for a box; nil for anything else.
    public var contents: String?

    public init(name: String, assetId: String, address: String, contents: String? = nil) {
        self.name = name
        self.assetId = assetId
        self.address = address
        self.contents = contents
    }
}

/// Labels drawn as a PDF for their stock (``LabelLayout``), at its real size: printed at 100 %
/// ("actual size"), each lands on its label.
public enum LabelSheet {
    /// The most labels one PDF takes.
    public static let maximumLabels = 1_000

    /// Writes the labels to `path`, the first at position `start` (1 is the top left label of the
    /// first sheet: a sheet used in part is used up first).
    public static func write(_ labels: [ItemLabel], layout: LabelLayout, start: Int = 1, to path: String) throws {
        let geometry = layout.geometry
        let canvas = try PDFCanvas(path: path, title: "Hearth labels", pageSize: geometry.page)
        var slot = max(0, min(start - 1, geometry.perPage - 1))
        for (index, label) in labels.enumerated() {
            if index > 0 && slot == 0 { canvas.endPage() }
            draw(label, on: canvas, at: geometry.corner(slot), size: geometry.label)
            slot = (slot + 1) % geometry.perPage
        }
        canvas.endPage()
        try canvas.finish()
    }

    /// The QR code on the left, as tall as the label allows (a quiet zone of 2 modules: the label's
    /// padding, at least 2 more, makes up the standard's 4); the asset id, the name (two lines at most)
    /// and the contents beside it.
    private static func draw(_ label: ItemLabel, on canvas: PDFCanvas, at corner: (x: Double, y: Double), size: (width: Double, height: Double)) {
        let padding = min(6.0, size.height * 0.08)
        let side = min(size.height - 2 * padding, size.width * 0.45)
        if let code = QRCode(label.address) {
            canvas.qrCode(code, x: corner.x + padding, y: corner.y + (size.height - side) / 2, side: side, margin: 2)
        }
        let textX = corner.x + padding + side + padding / 2
        let width = corner.x + size.width - padding - textX
        var y = corner.y + padding
        y += canvas.text(label.assetId, x: textX, y: y, width: width, style: .subheading)
        y += canvas.text(label.name, x: textX, y: y, width: width, style: .smallBold, lines: label.contents == nil ? 3 : 2)
        if let contents = label.contents { canvas.text(contents, x: textX, y: y + 1, width: width, style: .small, lines: 2, gray: 0.25) }
    }
}
