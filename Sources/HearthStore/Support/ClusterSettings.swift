import SQLKit

/// What every server of a database must agree on, written once by the first (migration 15): the
/// fingerprint of the secret key, the marker of the shared media folder.
public struct ClusterSettings: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The value stored under `name`, storing `proposed` first when there is none: the first
    /// server's proposal is every later server's answer.
    public func agree(on name: String, proposing proposed: String) async throws -> String {
        try await database.sql.insert(into: "cluster_settings").columns("name", "value").values(SQLBind(name), SQLBind(proposed))
            .ignoringConflicts(with: ["name"]).run()
        return try await value(of: name) ?? proposed
    }

    /// The value stored under `name`, if any.
    public func value(of name: String) async throws -> String? {
        try await database.sql.select().column("value").from("cluster_settings").where("name", .equal, name).first()?
            .decode(column: "value", as: String.self)
    }

    /// Stores `value` under `name`, replacing what was there.
    public func set(_ name: String, to value: String) async throws {
        try await database.sql.insert(into: "cluster_settings").columns("name", "value").values(SQLBind(name), SQLBind(value))
            .onConflict(with: ["name"]) { $0.set(excludedValueOf: "value") }.run()
    }
}
