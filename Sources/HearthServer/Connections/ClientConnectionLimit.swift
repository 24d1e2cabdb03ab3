import HearthCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// How many connections each client address holds (an IPv6 client by its /64 network), so that
/// one client (a thousand idle sockets from one machine) cannot take every connection the server
/// accepts. Trusted proxies carry many clients and are not counted.
final class ClientConnections: Sendable {
    let limit: Int
    let trusted: TrustedProxies
    private let open = NIOLockedValueBox<[String: Int]>([:])

    init(limit: Int, trusted: TrustedProxies) {
        self.limit = limit
        self.trusted = trusted
    }

    /// What happens to a new connection.
    enum Admission: Equatable {
        /// Counted under this key; give it back to ``closed(_:)``.
        case counted(String)
        /// From a trusted proxy: not counted.
        case uncounted
        /// The client holds its share already.
        case refused
    }

    /// Counts a new connection from `peer`.
    func admit(_ peer: String) -> Admission {
        if trusted.contains(peer) { return .uncounted }
        let key = NetworkAddress.limitKey(peer)
        return open.withLockedValue { counts in
            guard counts[key, default: 0] < limit else { return .refused }
            counts[key, default: 0] += 1
            return .counted(key)
        }
    }

    func closed(_ key: String) {
        open.withLockedValue { counts in
            let remaining = counts[key, default: 1] - 1
            counts[key] = remaining > 0 ? remaining : nil
        }
    }

}

/// Closes a new connection whose client address already holds its share of connections.
final class ClientConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let connections: ClientConnections
    private var registered = false
    /// The key this connection is counted under, until it closes.
    private var counted: String?

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
        guard !registered, let peer = context.channel.remoteAddress?.ipAddress else { return }
        registered = true
        switch connections.admit(peer) {
        case .counted(let key): counted = key
        case .uncounted: break
        case .refused: context.close(promise: nil)
        }
    }

    private func release() {
        if let counted { connections.closed(counted) }
        counted = nil
    }
}
