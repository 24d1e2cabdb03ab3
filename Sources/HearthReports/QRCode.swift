import CQRencode

/// A QR code's modules (libqrencode, error correction level M), and the code drawn as SVG.
public struct QRCode: Sendable, Equatable {
    /// Modules per side (21 for version 1, 4 more per version).
    public let size: Int
    /// Row by row, `true` for a dark module.
    public let modules: [Bool]

    /// The code of `text` (its UTF-8 bytes); nil when it is longer than a QR code holds.
    public init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        size = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the others are how libqrencode made it.
        modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }

    /// An SVG of the code with its 4-module quiet zone, one unit per module (it scales to any
    /// size): one path of the dark modules, black on white whatever the page's colours.
    public func svg(title: String) -> String {
        let side = size + 8
        var path = ""
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < size, isDark(row: row, column: column) { column += 1 }
                path += "M\(start + 4) \(row + 4)h\(column - start)v1h-\(column - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" role="img" shape-rendering="crispEdges">\
            <title>\(Self.escaped(title))</title><rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path d="\(path)" fill="#000"/></svg>
            """
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
