import Testing
@testable import HearthServer

@Suite struct TrustedProxiesTests {
    @Test func aTrustedProxyNamesTheClientItForwards() throws {
        let proxies = try TrustedProxies(parsing: "10.0.0.0/8, ::1")
        #expect(proxies.client(peer: "10.1.2.3", forwardedFor: "203.0.113.9") == "203.0.113.9")
        #expect(proxies.client(peer: "::1", forwardedFor: "198.51.100.7, 10.0.0.5") == "198.51.100.7")
    }

    @Test func whatAClientWritesItselfIsNotBelieved() throws {
        let proxies = try TrustedProxies(parsing: "10.0.0.0/8")
        // Not from a proxy: the header is ignored.
        #expect(proxies.client(peer: "203.0.113.9", forwardedFor: "1.2.3.4") == "203.0.113.9")
        // Through the proxy, a forged entry on the left stays on the left.
        #expect(proxies.client(peer: "10.0.0.1", forwardedFor: "1.2.3.4, 203.0.113.9") == "203.0.113.9")
        #expect(proxies.client(peer: "10.0.0.1", forwardedFor: "not-an-address") == "10.0.0.1")
        #expect(TrustedProxies.none.client(peer: "10.0.0.1", forwardedFor: "1.2.3.4") == "10.0.0.1")
    }

    @Test(arguments: ["10.0.0.0/33", "example.org", "10.0.0.0/x", "::1/129"])
    func aBadEntryIsNamed(entry: String) {
        #expect(throws: TrustedProxies.InvalidEntry.self) { try TrustedProxies(parsing: "127.0.0.1, \(entry)") }
    }

    @Test func anIPv4PeerSeenThroughIPv6IsStillTrusted() throws {
        let proxies = try TrustedProxies(parsing: "10.0.0.0/8")
        #expect(proxies.client(peer: "::ffff:10.0.0.1", forwardedFor: "203.0.113.9") == "203.0.113.9")
    }

    @Test func eachClientHoldsAShareOfTheConnections() throws {
        let connections = ClientConnections(limit: 2, trusted: try TrustedProxies(parsing: "10.0.0.1"))
        #expect(connections.admit("203.0.113.9") == .counted("203.0.113.9"))
        #expect(connections.admit("::ffff:203.0.113.9") == .counted("203.0.113.9"))
        #expect(connections.admit("203.0.113.9") == .refused)
        connections.closed("203.0.113.9")
        #expect(connections.admit("203.0.113.9") == .counted("203.0.113.9"))
        // One IPv6 subscriber, one share; the proxy is not counted at all.
        #expect(connections.admit("2001:db8:1:2::1") == .counted("2001:db8:1:2:0:0:0:0/64"))
        #expect(connections.admit("2001:db8:1:2::2") == .counted("2001:db8:1:2:0:0:0:0/64"))
        #expect(connections.admit("2001:db8:1:2::3") == .refused)
        for _ in 0..<5 { #expect(connections.admit("10.0.0.1") == .uncounted) }
    }
}
