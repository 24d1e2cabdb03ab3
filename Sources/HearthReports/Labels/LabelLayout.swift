/// The label stock a sheet of labels is printed on: the common A4 and Letter sheets, and a 62 mm
/// label-printer roll (Brother's DK-22205 and the like), one label a page.
public enum LabelLayout: String, CaseIterable, Sendable {
    /// Avery L7160 and its equivalents: A4, 3 × 7 labels of 63.5 × 38.1 mm.
    case averyL7160 = "avery-l7160"
    /// Avery 5160 and its equivalents: US Letter, 3 × 10 labels of 2⅝ × 1 in.
    case avery5160 = "avery-5160"
    /// A 62 mm roll cut every 29 mm: each label is a page of 62 × 29 mm.
    case roll62 = "roll-62mm"

    public var title: String {
        switch self {
        case .averyL7160: "A4 sheet, 21 labels (Avery L7160)"
        case .avery5160: "Letter sheet, 30 labels (Avery 5160)"
        case .roll62: "62 mm label printer roll"
        }
    }

    /// Where the labels are, in points (1/72 in).
    struct Geometry {
        var page: (width: Double, height: Double)
        var label: (width: Double, height: Double)
        var columns: Int
        var rows: Int
        /// The top left corner of the first label.
        var origin: (x: Double, y: Double)
        /// From one label's corner to the next one's, across and down.
        var pitch: (x: Double, y: Double)

        var perPage: Int { columns * rows }

        /// The top left corner of the label at `index` on its page (0 is the top left, then across).
        func corner(_ index: Int) -> (x: Double, y: Double) {
            (origin.x + Double(index % columns) * pitch.x, origin.y + Double(index / columns) * pitch.y)
        }
    }

    var geometry: Geometry {
        let mm = 72 / 25.4, inch = 72.0
        switch self {
        case .averyL7160:
            return Geometry(page: (210 * mm, 297 * mm), label: (63.5 * mm, 38.1 * mm), columns: 3, rows: 7,
                            origin: (7.25 * mm, 15.15 * mm), pitch: (66.04 * mm, 38.1 * mm))
        case .avery5160:
            return Geometry(page: (8.5 * inch, 11 * inch), label: (2.625 * inch, 1 * inch), columns: 3, rows: 10,
                            origin: (0.1875 * inch, 0.5 * inch), pitch: (2.75 * inch, 1 * inch))
        case .roll62:
            return Geometry(page: (62 * mm, 29 * mm), label: (62 * mm, 29 * mm), columns: 1, rows: 1, origin: (0, 0), pitch: (0, 0))
        }
    }

    /// Labels a page holds.
    public var perPage: Int { geometry.perPage }
}
