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
        if holds(name) { return true }
        guard taking.insert(name).inserted else { return false }
        defer { taking.remove(name) }
        let connection = try await liveConnection()
        let rows = try await connection.query("SELECT pg_try_advisory_lock(hashtextextended(\(name), 0))", logger: logger)
        var taken = false
        for try await value in rows.decode(Bool.self) { taken = value }
        if taken { held.insert(name) }
        return taken
    }

    /// Whether this server still holds `name`.
    public func holds(_ name: String) -> Bool {
        guard let connection, !connection.isClosed else { return false }
        return held.contains(name)
    }

    /// Gives `name` back.
    public func release(_ name: String) async throws {
        guard held.remove(name) != nil, let connection, !connection.isClosed else { return }
        try await connection.query("SELECT pg_advisory_unlock(hashtextextended(\(name), 0))", logger: logger)
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
            return try await PostgresConnection.connect(configuration: configuration.coreConfiguration, id: 1, logger: logger)
        }
        connecting = task
        defer { connecting = nil }
        let opened = try await task.value
        connection = opened
        return opened
    }
}
