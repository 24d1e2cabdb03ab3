import HearthCore
import HTTPTypes
import Hummingbird
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reverse proxies whose `X-Forwarded-For` Hearth believes (`HEARTH_TRUSTED_PROXIES`): single
/// addresses or networks such as `10.0.0.0/8` and `fd00::/8`.
public struct TrustedProxies: Sendable, Equatable {
    struct Network: Sendable, Equatable {
        let address: NetworkAddress
        let prefixLength: Int

        func contains(_ other: NetworkAddress) -> Bool {
            guard other.bytes.count == address.bytes.count else { return false }
            for bit in 0..<prefixLength {
                let mask = UInt8(0x80) >> UInt8(bit % 8)
                if other.bytes[bit / 8] & mask != address.bytes[bit / 8] & mask { return false }
            }
            return true
        }
    }

    let networks: [Network]

    public static let none = TrustedProxies(networks: [])

    /// Reads a comma-separated list; throws a sentence naming the entry that is not an address or network.
    public init(parsing list: String) throws {
        networks = try list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { entry in
            let parts = entry.split(separator: "/", maxSplits: 1)
            guard let address = NetworkAddress(text: String(parts[0])) else { throw InvalidEntry(entry: entry) }
            let bits = address.bytes.count * 8
            let prefix = parts.count == 2 ? Int(parts[1]) : bits
            guard let prefix, (0...bits).contains(prefix) else { throw InvalidEntry(entry: entry) }
            return Network(address: address, prefixLength: prefix)
        }
    }

    init(networks: [Network]) {
        self.networks = networks
    }

    struct InvalidEntry: Error, CustomStringConvertible {
        let entry: String
        var description: String { "HEARTH_TRUSTED_PROXIES: “\(entry)” is not an IP address or a network like 10.0.0.0/8." }
    }

    /// Whether the peer at `address` (text) is a trusted proxy.
    func contains(_ address: String) -> Bool {
        guard !networks.isEmpty, let parsed = NetworkAddress(text: address) else { return false }
        return networks.contains { $0.contains(parsed) }
    }

    /// The client behind a chain of proxies: the right-most address of `X-Forwarded-For` that is not
    /// itself a trusted proxy (what a client writes further left cannot be believed).
    func client(peer: String, forwardedFor header: String?) -> String {
        guard contains(peer), let header else { return peer }
        let hops = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() where !contains(hop) {
            return NetworkAddress(text: hop) == nil ? peer : hop
        }
        return hops.first ?? peer
    }
}

extension NetworkAddress {
    /// Reads an IPv4 or IPv6 address in text form. An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`,
    /// how a server listening on `::` sees IPv4 peers) is read as the IPv4 address it carries.
    init?(text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        self.init(bytes: mapped ? Array(bytes[12..<16]) : bytes)
    }
}

extension NetworkAddress {
    /// How limits count a client address: IPv4 as it is, IPv6 by its /64 network (one subscriber
    /// usually has all of it); text that is not an address as it is.
    static func limitKey(_ address: String) -> String {
        guard let parsed = NetworkAddress(text: address) else { return address }
        guard parsed.bytes.count == 16 else { return parsed.description }
        return NetworkAddress(bytes: Array(parsed.bytes[0..<8]) + Array(repeating: 0, count: 8))!.description + "/64"
    }
}

/// Sets ``HearthRequestContext/clientAddress`` from a trusted proxy's `X-Forwarded-For`, so limits
/// count the real client behind a reverse proxy, and nobody else can choose the address they count.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    let trusted: TrustedProxies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.clientAddress = trusted.client(peer: context.peerAddress, forwardedFor: request.headers[Self.forwardedFor])
        return try await next(request, context)
    }
}
