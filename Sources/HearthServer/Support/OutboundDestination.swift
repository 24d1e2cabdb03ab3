import AsyncHTTPClient
import Foundation
import HearthCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a webhook delivery or a push goes: the URL's host resolved to its addresses, every one of
/// them checked. The request then connects to the checked address (not to a second look-up, which
/// a name server could answer differently), so neither can reach cloud metadata, link-local
/// addresses or, unless allowed, this server itself.
struct OutboundDestination: Sendable {
    /// The host as the URL names it (for TLS and the Host header).
    let host: String
    /// The checked address to connect to.
    let address: NetworkAddress

    struct Refused: Error, CustomStringConvertible {
        let description: String
        /// Where the address points when it was refused for that (nil: the host was not found).
        var reason: String? = nil
    }

    /// Resolves and checks the host of `url`; throws ``Refused`` with a sentence for the delivery log.
    /// `allowPrivateNetworks`: whether the home network may be reached (a webhook's receiver may
    /// live there; a push service does not).
    static func resolve(_ url: String, allowLoopback: Bool, allowPrivateNetworks: Bool = true) async throws -> OutboundDestination {
        // The host as the HTTP client reads it, so the checked address is the one it is told to use.
        guard let raw = URL(string: url)?.host, !raw.isEmpty, !raw.contains("%") else { throw Refused(description: "the address has no usable host") }
        let host = raw.hasPrefix("[") && raw.hasSuffix("]") ? String(raw.dropFirst().dropLast()) : raw
        let addresses = try await NIOThreadPool.singleton.runIfActive { try lookUp(host) }
        guard let first = addresses.first else { throw Refused(description: "host not found") }
        for address in addresses {
            let reason = address.refusal(allowLoopback: allowLoopback)
                ?? (!allowPrivateNetworks && address.isPrivateNetwork ? "a private network address" : nil)
            if let reason {
                throw Refused(description: "\(raw) is \(reason) (\(address)), where Hearth does not send", reason: "\(reason) (\(address))")
            }
        }
        return OutboundDestination(host: host, address: first)
    }

    /// A client for one request that connects to the checked address (TLS still checks the
    /// certificate against the host name) and follows no redirect to another address. Shut it
    /// down after the request.
    func client() -> HTTPClient {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5)))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.dnsOverride = [host: address.description]
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Where a webhook or push subscription being saved would go when that is refused (nil: it
    /// may go there). A host that does not resolve now is accepted (a receiver at home may be
    /// offline); every request is checked again.
    static func refusal(of url: String, allowLoopback: Bool, allowPrivateNetworks: Bool = true) async -> String? {
        do {
            _ = try await resolve(url, allowLoopback: allowLoopback, allowPrivateNetworks: allowPrivateNetworks)
            return nil
        } catch {
            return (error as? Refused)?.reason
        }
    }

    /// Every address `host` resolves to, in the resolver's order of preference, as getaddrinfo reads it (which also reads numeric forms
    /// such as `2852039166` and `0xA9FEA9FE`).
    static func lookUp(_ host: String) throws -> [NetworkAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw Refused(description: "host not found") }
        defer { freeaddrinfo(first) }
        var found: [NetworkAddress] = []
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            guard let sockaddr = entry.pointee.ai_addr else { continue }
            switch Int32(sockaddr.pointee.sa_family) {
            case AF_INET:
                var ip = sockaddr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                found.append(NetworkAddress(bytes: withUnsafeBytes(of: &ip) { Array($0) })!)
            case AF_INET6:
                var ip = sockaddr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                found.append(NetworkAddress(bytes: withUnsafeBytes(of: &ip) { Array($0) })!)
            default: continue
            }
        }
        var seen = Set<NetworkAddress>()
        return found.filter { seen.insert($0).inserted }
    }
}
