import Foundation
import HearthMedia
import HearthReports
import Testing

@Suite struct QRCodeTests {
    /// The code as an 8-bit greyscale PNG (stored, not compressed), `scale` pixels per module with its quiet zone.
    static func png(_ code: QRCode, scale: Int = 6) -> Data {
        let side = (code.size + 8) * scale
        var rows = Data()
        for y in 0..<side {
            rows.append(0) // filter: none
            for x in 0..<side {
                let (row, column) = (y / scale - 4, x / scale - 4)
                let dark = (0..<code.size).contains(row) && (0..<code.size).contains(column) && code.isDark(row: row, column: column)
                rows.append(dark ? 0 : 255)
            }
        }
        var zlib = Data([0x78, 0x01])
        var offset = 0
        while offset < rows.count {
            let block = rows[offset..<min(offset + 65535, rows.count)]
            offset += block.count
            let length = UInt16(block.count)
            zlib.append(offset >= rows.count ? 1 : 0)
            zlib.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
            zlib.append(block)
        }
        var (a, b) = (UInt32(1), UInt32(0))
        for byte in rows { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib.append(bigEndian: b << 16 | a)
        var header = Data()
        header.append(bigEndian: UInt32(side))
        header.append(bigEndian: UInt32(side))
        header.append(contentsOf: [8, 0, 0, 0, 0]) // 8-bit greyscale
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", Data())
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        var chunk = Data()
        chunk.append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        chunk.append(typed)
        chunk.append(bigEndian: crc32(typed))
        return chunk
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test(arguments: [
        "otpauth://totp/Hearth:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Hearth",
        "Küche · 台所 · 🍳",
    ])
    func aReaderReadsWhatWasEncoded(text: String) async throws {
        let code = try #require(QRCode(text))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.png(code).write(to: file)
        let read = try await BarcodeReader(processor: ImageProcessor()).codes(inImageAt: file.path)
        #expect(read == [Barcode(symbology: "QR-Code", text: text)])
    }

    @Test func theSVGDrawsEveryDarkModuleOnWhiteWithItsQuietZone() throws {
        let code = try #require(QRCode("HEARTH"))
        #expect(code.size == 21)
        let svg = code.svg(title: "Scan <this>")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 29 29\""))
        #expect(svg.contains("<title>Scan &lt;this&gt;</title>"))
        // Each run of dark modules is one rectangle; together they cover every dark module once.
        let widths = svg.matches(of: /h(\d+)v1/).map { Int($0.1)! }
        #expect(widths.reduce(0, +) == code.modules.filter { $0 }.count)
    }

    @Test func textLongerThanACodeHoldsHasNone() {
        #expect(QRCode(String(repeating: "x", count: 3000)) == nil)
    }
}

private extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
