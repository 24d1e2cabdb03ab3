import Logging
import PostgresNIO

extension PostgresConnection {
    /// Asks PostgreSQL to notice within half a minute that this connection's other end is gone (a
    /// server whose machine died, with nobody to close its sockets), instead of after the
    /// operating system's two hours: what the connection holds (a LISTEN, advisory locks) is let
    /// go then. For the connections a server keeps open for as long as it lives.
    func noticeLostClients(logger: Logger) async throws {
        for setting in ["tcp_keepalives_idle = 10", "tcp_keepalives_interval = 5", "tcp_keepalives_count = 3"] {
            try await query(PostgresQuery(unsafeSQL: "SET \(setting)"), logger: logger)
        }
    }
}
