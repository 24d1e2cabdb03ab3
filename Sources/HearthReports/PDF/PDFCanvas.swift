import CCairo
import Foundation

/// A PDF being drawn with cairo, text set with pango: real, selectable text in any script the
/// installed fonts cover, and JPEGs embedded as they are (cairo's PDF backend takes the JPEG bytes
/// attached as MIME data instead of re-encoding pixels). Not thread-safe: one document, one thread.
final class PDFCanvas {
    /// A4 in points.
    static let pageSize = (width: 595.28, height: 841.89)

    enum Style: CaseIterable {
        case title, heading, subheading, body, bold, small, smallBold

        var font: String {
            switch self {
            case .title: "Sans Bold 26"
            case .heading: "Sans Bold 16"
            case .subheading: "Sans Bold 12"
            case .body: "Sans 9.5"
            case .bold: "Sans Bold 10"
            case .small: "Sans 8"
            case .smallBold: "Sans Bold 8"
            }
        }
    }

    enum Alignment { case left, right, center }

    private let surface: OpaquePointer
    private let cairo: OpaquePointer
    /// One layout per style, reused for every text (a layout per text would cost far more).
    private var layouts: [Style: OpaquePointer] = [:]

    /// A PDF at `path` whose pages are `pageSize` points (A4 unless told).
    init(path: String, title: String, pageSize: (width: Double, height: Double) = PDFCanvas.pageSize) throws {
        guard let surface = cairo_pdf_surface_create(path, pageSize.width, pageSize.height),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw CocoaError(.fileWriteUnknown)
        }
        self.surface = surface
        cairo = cairo_create(surface)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Hearth")
        for style in Style.allCases {
            let layout = pango_cairo_create_layout(cairo)!
            let font = pango_font_description_from_string(style.font)
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
            layouts[style] = layout
        }
    }

    deinit {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// Draws `text` in a box `width` wide from (`x`, `y`), wrapped into at most `lines` lines (the
    /// last ends in … when cut); returns the height it took.
    @discardableResult
    func text(_ text: String, x: Double, y: Double, width: Double, style: Style, lines: Int = 1, alignment: Alignment = .left,
              gray: Double = 0) -> Double {
        guard !text.isEmpty, let layout = layouts[style] else { return 0 }
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, Int32(width * Double(hearth_pango_scale())))
        pango_layout_set_height(layout, Int32(-lines))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(layout, alignment == .left ? PANGO_ALIGN_LEFT : alignment == .right ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_CENTER)
        var inkWidth: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &inkWidth, &height)
        cairo_set_source_rgb(cairo, gray, gray, gray)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
        return Double(height)
    }

    func fill(x: Double, y: Double, width: Double, height: Double, gray: Double) {
        cairo_set_source_rgb(cairo, gray, gray, gray)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_fill(cairo)
    }

    /// Fills a rectangle with a colour written `#RRGGBB` (nothing for anything else).
    func fill(x: Double, y: Double, width: Double, height: Double, hex: String) {
        guard hex.count == 7, hex.hasPrefix("#"), let value = UInt32(hex.dropFirst(), radix: 16) else { return }
        cairo_set_source_rgb(cairo, Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_fill(cairo)
    }

    func line(from start: (Double, Double), to end: (Double, Double), gray: Double = 0.8, width: Double = 0.5) {
        cairo_set_source_rgb(cairo, gray, gray, gray)
        cairo_set_line_width(cairo, width)
        cairo_move_to(cairo, start.0, start.1)
        cairo_line_to(cairo, end.0, end.1)
        cairo_stroke(cairo)
    }

    /// Places a JPEG, fitted into the box and centred; false when the bytes are not a JPEG.
    @discardableResult
    func jpeg(_ data: Data, x: Double, y: Double, width: Double, height: Double) -> Bool {
        guard let size = JPEGSize(data), size.width > 0, size.height > 0,
              let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(size.height)) else { return false }
        defer { cairo_surface_destroy(image) }
        guard let bytes = malloc(data.count) else { return false }
        data.copyBytes(to: bytes.assumingMemoryBound(to: UInt8.self), count: data.count)
        // cairo owns the copy from here and frees it once the page is written.
        cairo_surface_set_mime_data(image, "image/jpeg", bytes.assumingMemoryBound(to: UInt8.self), UInt(data.count), free, bytes)
        let scale = min(width / Double(size.width), height / Double(size.height))
        let drawnWidth = Double(size.width) * scale, drawnHeight = Double(size.height) * scale
        cairo_save(cairo)
        cairo_translate(cairo, x + (width - drawnWidth) / 2, y + (height - drawnHeight) / 2)
        cairo_scale(cairo, scale, scale)
        cairo_set_source_surface(cairo, image, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
        return true
    }

    /// Draws a QR code black on white, `side` points square with a quiet zone of `margin` modules
    /// (the standard's 4, or fewer where white around the square makes up the rest).
    func qrCode(_ code: QRCode, x: Double, y: Double, side: Double, margin: Int = 4) {
        let module = side / Double(code.size + 2 * margin)
        fill(x: x, y: y, width: side, height: side, gray: 1)
        cairo_set_source_rgb(cairo, 0, 0, 0)
        for row in 0..<code.size {
            var column = 0
            while column < code.size {
                guard code.isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < code.size, code.isDark(row: row, column: column) { column += 1 }
                cairo_rectangle(cairo, x + Double(start + margin) * module, y + Double(row + margin) * module, Double(column - start) * module, module)
            }
        }
        cairo_fill(cairo)
    }

    func endPage() {
        cairo_show_page(cairo)
    }

    /// Writes the rest of the file; the canvas cannot be drawn on afterwards.
    func finish() throws {
        cairo_surface_finish(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw CocoaError(.fileWriteUnknown) }
    }
}

/// The pixel size in a JPEG's start-of-frame header, read without decoding the image.
struct JPEGSize {
    let width: Int
    let height: Int

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(65_536))
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            // SOF0–SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return
            }
            index += 2 + length
        }
        return nil
    }
}
