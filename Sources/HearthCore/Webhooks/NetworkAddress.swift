/// An IP address a webhook delivery would connect to, as the resolver returned it (4 or 16 bytes),
/// and whether Hearth may send there. The check is on the address itself, after name resolution,
/// so no spelling of a host (`2852039166`, `0xA9FEA9FE`, `[::ffff:169.254.169.254]`, a name that
/// resolves there) gets past it.
public struct NetworkAddress: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// The address in its usual text form (`169.254.169.254`, `fe80:0:0:0:0:0:0:1`).
    public var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }

    /// Why webhooks may not go to this address, or nil when they may. Addresses on the home
    /// network (10/8, 172.16/12, 192.168/16, fc00::/7) are allowed: Home Assistant is a common
    /// receiver. This machine itself only when `allowLoopback`.
    public func refusal(allowLoopback: Bool) -> String? {
        if bytes.count == 4 { return Self.refusal(ipv4: bytes, allowLoopback: allowLoopback) }
        // IPv6 forms that carry an IPv4 address: mapped ::ffff:a.b.c.d, compatible ::a.b.c.d,
        // NAT64 64:ff9b::a.b.c.d and 6to4 2002:aabb:ccdd::; the IPv4 address decides.
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        let compatible = bytes[0..<12].allSatisfy { $0 == 0 } && !(bytes[12..<15].allSatisfy { $0 == 0 })
        let nat64 = bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
        if mapped || compatible || nat64 { return Self.refusal(ipv4: Array(bytes[12..<16]), allowLoopback: allowLoopback) }
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return Self.refusal(ipv4: Array(bytes[2..<6]), allowLoopback: allowLoopback) }
        if bytes.allSatisfy({ $0 == 0 }) { return "an unspecified address" }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return allowLoopback ? nil : "this server itself (loopback)" }
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return "a link-local address" }
        if bytes[0] == 0xFF { return "a multicast address" }
        // AWS's instance metadata over IPv6.
        if bytes == [0xFD, 0x00, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54] { return "a cloud metadata address" }
        return nil
    }

    /// Whether this is an address of a private network (10/8, 172.16/12, 192.168/16, the carrier
    /// range 100.64/10, fc00::/7): where a home's own services live, and no public push service.
    public var isPrivateNetwork: Bool {
        let v4: [UInt8]? = bytes.count == 4 ? bytes
            : bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF ? Array(bytes[12..<16]) : nil
        if let b = v4 {
            return b[0] == 10 || (b[0] == 172 && b[1] & 0xF0 == 16) || (b[0] == 192 && b[1] == 168) || (b[0] == 100 && b[1] & 0xC0 == 64)
        }
        return bytes[0] & 0xFE == 0xFC
    }

    private static func refusal(ipv4 b: [UInt8], allowLoopback: Bool) -> String? {
        switch b[0] {
        case 0: return "an unspecified address"
        case 127: return allowLoopback ? nil : "this server itself (loopback)"
        case 169 where b[1] == 254: return "a link-local address (where cloud metadata lives)"
        case 100 where b[1] == 100 && b[2] == 100 && b[3] == 200: return "a cloud metadata address"
        case 224...239: return "a multicast address"
        case 240...255: return "a reserved address"
        default: return nil
        }
    }
}
