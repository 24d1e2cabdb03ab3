import Foundation

/// The header segments of a JPEG file, read independently of libvips to check what it wrote.
struct JPEGStructure {
    /// (marker, payload) for every segment before the image data.
    var segments: [(marker: UInt8, payload: [UInt8])] = []
    var width = 0
    var height = 0

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard offset + 2 + length <= bytes.count else { return nil }
            let payload = Array(bytes[(offset + 4)..<(offset + 2 + length)])
            segments.append((marker, payload))
            if (0xC0...0xC3).contains(marker) {
                height = Int(payload[1]) << 8 | Int(payload[2])
                width = Int(payload[3]) << 8 | Int(payload[4])
            }
            if marker == 0xDA { break }  // start of scan: image data follows
            offset += 2 + length
        }
        guard width > 0 else { return nil }
    }

    /// True when some APPn segment's payload starts with `prefix` ("Exif", "ICC_PROFILE", ...).
    func hasApplicationSegment(startingWith prefix: String) -> Bool {
        segments.contains { (0xE0...0xEF).contains($0.marker) && $0.payload.starts(with: Array(prefix.utf8)) }
    }
}

extension JPEGStructure: CustomStringConvertible {
    /// Size and segment markers, short enough for a failing test's message.
    var description: String {
        "JPEG \(width)x\(height), segments " + segments.map { String($0.marker, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}

extension Data {
    /// True when the bytes contain `text` anywhere.
    func contains(ascii text: String) -> Bool {
        range(of: Data(text.utf8)) != nil
    }
}
