import Foundation

extension UUID {
    /// A UUID from its 36-character form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, either case) or
    /// its 32 hexadecimal digits without dashes; nil for anything else. Reads the bytes directly:
    /// Foundation's `UUID(uuidString:)` goes through `sscanf`, which a list of a thousand items
    /// would pay two thousand times.
    public init?(parsing text: String) {
        var text = text
        guard let bytes = text.withUTF8({ Self.parsed($0, canonical: false) }) else { return nil }
        self.init(uuid: bytes)
    }

    /// A UUID from exactly the text ``text`` writes for it (36 characters, upper case), or nil for
    /// any other: so a database's text can be told to be an id, and read as one, without making a
    /// string of it first.
    public init?(canonical utf8: UnsafeBufferPointer<UInt8>) {
        guard let bytes = Self.parsed(utf8, canonical: true) else { return nil }
        self.init(uuid: bytes)
    }

    private static func parsed(_ utf8: UnsafeBufferPointer<UInt8>, canonical: Bool) -> uuid_t? {
        let dashed = utf8.count == 36
        guard dashed || (!canonical && utf8.count == 32) else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
            var position = 0
            for index in 0..<16 {
                if dashed && (index == 4 || index == 6 || index == 8 || index == 10) {
                    guard utf8[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                let high = hexValue(utf8[position], upperCaseOnly: canonical), low = hexValue(utf8[position + 1], upperCaseOnly: canonical)
                guard high | low < 16 else { return false }
                output[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return parsed ? bytes : nil
    }

    /// A hexadecimal digit's value (of either case, or upper case only), or 255 for any other character.
    @inline(__always)
    private static func hexValue(_ character: UInt8, upperCaseOnly: Bool) -> UInt8 {
        let digit = character &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (upperCaseOnly ? character : character | 0x20) &- (upperCaseOnly ? UInt8(ascii: "A") : UInt8(ascii: "a"))
        return letter < 6 ? letter + 10 : 255
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
