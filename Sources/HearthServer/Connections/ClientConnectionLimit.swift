import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// How many connections each client address holds, so that one client (a thousand idle sockets
/// from one machine) cannot take every connection the server accepts. Trusted proxies carry many
/// clients and are not counted.
final class ClientConnections: Sendable {
    let limit: Int
    let trusted: TrustedProxies
    private let open = NIOLockedValueBox<[String: Int]>([:])

    init(limit: Int, trusted: TrustedProxies) {
        self.limit = limit
        self.trusted = trusted
    }

    /// Counts a new connection from `address`; false when the address already holds `limit`.
    func opened(_ address: String) -> Bool {
        if trusted.contains(address) { return true }
        return open.withLockedValue { counts in
            guard counts[address, default: 0] < limit else { return false }
            counts[address, default: 0] += 1
            return true
        }
    }

    func closed(_ address: String) {
        if trusted.contains(address) { return }
        open.withLockedValue { counts in
            let remaining = counts[address, default: 1] - 1
            counts[address] = remaining > 0 ? remaining : nil
        }
    }

    /// Connections open from `address` (for tests and metrics).
    func count(for address: String) -> Int {
        open.withLockedValue { $0[address, default: 0] }
    }
}

/// Closes a new connection whose client address already holds its share of connections.
final class ClientConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let connections: ClientConnections
    private var address: String?

    init(_ connections: ClientConnections) {
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { register(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        register(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    private func register(_ context: ChannelHandlerContext) {
        guard address == nil, let peer = context.channel.remoteAddress?.ipAddress else { return }
        if connections.opened(peer) {
            address = peer
        } else {
            context.close(promise: nil)
        }
    }

    private func release() {
        if let address { connections.closed(address) }
        address = nil
    }
}
