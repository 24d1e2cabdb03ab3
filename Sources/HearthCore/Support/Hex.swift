extension Sequence<UInt8> {
    /// The bytes in lower-case hexadecimal, two digits each (a SHA-256 digest, a signature).
    /// Written into the string directly: `String(format: "%02x")` per byte went through
    /// Foundation's formatter and cost more than the hash it printed.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
