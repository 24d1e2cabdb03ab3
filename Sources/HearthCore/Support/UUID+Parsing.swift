import Foundation

extension UUID {
    /// A UUID from its 36-character form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, either case) or
    /// its 32 hexadecimal digits without dashes; nil for anything else. Reads the bytes directly:
    /// Foundation's `UUID(uuidString:)` goes through `sscanf`, which a list of a thousand items
    /// would pay two thousand times.
    public init?(parsing text: String) {
        var text = text
        let bytes = text.withUTF8 { utf8 -> uuid_t? in
            let dashed = utf8.count == 36
            guard dashed || utf8.count == 32 else { return nil }
            var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let parsed = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
                var position = 0
                for index in 0..<16 {
                    if dashed && (index == 4 || index == 6 || index == 8 || index == 10) {
                        guard utf8[position] == UInt8(ascii: "-") else { return false }
                        position += 1
                    }
                    guard let high = Self.hexValue(utf8[position]), let low = Self.hexValue(utf8[position + 1]) else { return false }
                    output[index] = high << 4 | low
                    position += 2
                }
                return true
            }
            return parsed ? bytes : nil
        }
        guard let bytes else { return nil }
        self.init(uuid: bytes)
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension UUID {
    /// The 36-character upper-case form, the same text as `uuidString`, written directly:
    /// Foundation prints each byte with `snprintf`, which a page of a thousand items paid a
    /// thousand times.
    public var text: String {
        let digits: StaticString = "0123456789ABCDEF"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { output in
                digits.withUTF8Buffer { digits in
                    var position = 0
                    for index in 0..<16 {
                        if index == 4 || index == 6 || index == 8 || index == 10 {
                            output[position] = UInt8(ascii: "-")
                            position += 1
                        }
                        output[position] = digits[Int(bytes[index] >> 4)]
                        output[position + 1] = digits[Int(bytes[index] & 0x0f)]
                        position += 2
                    }
                    return position
                }
            }
        }
    }
}
