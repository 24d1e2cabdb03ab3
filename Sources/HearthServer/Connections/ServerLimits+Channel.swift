import HummingbirdCore
import NIOCore

extension ServerLimits {
    /// The HTTP/1 settings that apply these limits to every connection.
    func channelConfiguration(trusted: TrustedProxies) -> HTTP1Channel.Configuration {
        let connections = ClientConnections(limit: maxConnectionsPerClient, trusted: trusted)
        let requestTimeout = TimeAmount.seconds(Int64(requestTimeout))
        return HTTP1Channel.Configuration(
            additionalChannelHandlers: [ClientConnectionLimitHandler(connections), RequestReadTimeoutHandler(timeout: requestTimeout)],
            idleTimeout: .seconds(Int64(idleTimeout)),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: maxHeaderBytes, maxHeaderListSize: maxHeaderBytes, maxHeaderFieldCount: 100)
        )
    }
}
