import Foundation
import Logging
import PostgresKit

/// Locks one server of a cluster holds while it works on something (a webhook's delivery queue):
/// PostgreSQL session advisory locks on a connection of the server's own, so that they go with the
/// server should it die (its connection closes) and another server may take them over at once.
/// Should the connection be lost while the server lives, so are its locks: ``holds(_:)`` says so.
public actor SessionLocks {
    private let configuration: SQLPostgresConfiguration
    private let logger: Logger
    private var connection: PostgresConnection?
    /// The connection being opened: an actor's method may be entered again while one waits.
    private var connecting: Task<PostgresConnection, any Error>?
    private var held: Set<String> = []
    /// Locks being asked for right now (never twice at once: PostgreSQL would count the lock twice).
    private var taking: Set<String> = []

    /// Locks for the servers of `database`; nil on SQLite, whose one server needs none.
    public init?(database: Database, logger: Logger) {
        guard case .postgres(let url) = database.location, let configuration = try? SQLPostgresConfiguration(url: url) else { return nil }
        self.configuration = configuration
        self.logger = logger
    }

    /// Takes the lock `name` unless another server holds it (or this one is taking it right now).
    public func take(_ name: String) async throws -> Bool {
        if held.contains(name), let connection, !connection.isClosed { return true }
        guard taking.insert(name).inserted else { return false }
        defer { taking.remove(name) }
        let connection = try await liveConnection()
        let rows = try await connection.query("SELECT pg_try_advisory_lock(hashtextextended(\(name), 0))", logger: logger)
        var taken = false
        for try await value in rows.decode(Bool.self) { taken = value }
        // Taken on a connection that was lost meanwhile (and replaced): that lock went with it.
        guard taken, connection === self.connection else { return false }
        held.insert(name)
        return true
    }

    /// Whether this server still holds `name`, as PostgreSQL says (a connection that a network
    /// dropped without closing looks open here, while PostgreSQL let its locks go).
    public func holds(_ name: String) async -> Bool {
        guard held.contains(name), let connection, !connection.isClosed else { return false }
        do {
            let rows = try await connection.query("""
                SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid()
                AND ((classid::bigint << 32) | objid::bigint) = hashtextextended(\(name), 0)
                """, logger: logger)
            var count = 0
            for try await value in rows.decode(Int.self) { count = value }
            return count > 0 && connection === self.connection
        } catch {
            return false
        }
    }

    /// Gives `name` back. Should that fail, the connection is closed: a lock must not stay behind.
    public func release(_ name: String) async {
        guard held.remove(name) != nil, let connection, !connection.isClosed else { return }
        do {
            try await connection.query("SELECT pg_advisory_unlock(hashtextextended(\(name), 0))", logger: logger)
        } catch {
            logger.warning("A lock could not be given back; its connection closes", metadata: ["lock": "\(name)", "error": "\(error)"])
            held = []
            self.connection = nil
            try? await connection.close()
        }
    }

    /// Gives every lock back and closes the connection.
    public func close() async {
        held = []
        let open = connection
        connection = nil
        if let connecting { try? await connecting.value.close() }
        try? await open?.close()
    }

    /// The connection, opened again when it was lost (which took its locks with it).
    private func liveConnection() async throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        if let connecting { return try await connecting.value }
        let lost = connection
        connection = nil
        held = []
        let task = Task { [configuration, logger] in
            try? await lost?.close()
            let opened = try await PostgresConnection.connect(configuration: configuration.coreConfiguration, id: 1, logger: logger)
            do {
                try await opened.noticeLostClients(logger: logger)
            } catch {
                try? await opened.close()
                throw error
            }
            return opened
        }
        connecting = task
        defer { connecting = nil }
        let opened = try await task.value
        connection = opened
        return opened
    }
}
