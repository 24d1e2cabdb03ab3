import Foundation
import SQLKit

/// One numbered, append-only schema change. Once landed, a migration is never edited:
/// a later migration changes what an earlier one made.
struct Migration: Sendable {
    let number: Int
    let name: String
    /// SQL statements with `{uuid}`, `{timestamp}`, `{bool}` standing for each backend's column type.
    let statements: [String]
    /// Statements for one backend only (full-text search is built differently), run after `statements`.
    var sqliteOnly: [String] = []
    var postgresOnly: [String] = []

    func sql(for kind: DatabaseKind) -> [String] {
        (statements + (kind == .sqlite ? sqliteOnly : postgresOnly)).map { statement in
            statement
                .replacingOccurrences(of: "{uuid}", with: kind == .postgres ? "UUID" : "TEXT")
                .replacingOccurrences(of: "{timestamp}", with: kind == .postgres ? "TIMESTAMPTZ" : "REAL")
                .replacingOccurrences(of: "{bool}", with: kind == .postgres ? "BOOLEAN" : "INTEGER")
        }
    }
}

extension Database {
    /// Every migration in order. Append new ones at the end.
    static let migrations: [Migration] = [
        .accounts,
        .focus,
        .webhooks,
        .streakIndex,
        .lists,
        .listStatisticsIndex,
        .webhookOrder,
        .suggestionList,
        .memberSince,
        .inventory,
        .backupSchedule,
        .claims,
        .requestPath,
        .changeNotifications,
        .cluster,
        .events,
        .attempts,
        .push,
        .listPushes,
        .timerCommands,
        .listItemAliases,
        .itemEdits,
        .inventoryItemEdits,
        .importedDetails,
        .twoStepSignIn,
        .signInDevices,
        .sessionConfirmation,
        .inventoryLock,
        .passwordResets,
        .passkeys,
        .aisles,
        .offsiteBackups,
        .listGistBackups,
        .leanerItemIndexes,
        .assetIds,
        .depreciation,
        .maintenance,
        .yearlyCheck,
        .documents,
        .singleSignOn,
        .syncFeed,
    ]

    /// Applies the migrations this database has not seen yet, each in its own transaction.
    /// Returns the numbers it applied. Servers of a cluster that start together take turns: on
    /// PostgreSQL each transaction holds a lock, and a migration another server applied meanwhile
    /// is not applied again.
    @discardableResult
    public func migrate() async throws -> [Int] {
        try await migrate(through: nil)
    }

    /// Applies the migrations up to number `last` (all without it): tests make an older release's database with it.
    func migrate(through last: Int?) async throws -> [Int] {
        let timestamp = kind == .postgres ? "TIMESTAMPTZ" : "REAL"
        try await migrationStep { db in
            try await db.raw("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at \(unsafeRaw: timestamp) NOT NULL)
                """).run()
        }
        let applied = try await appliedMigrations()
        if let newest = applied.max(), newest > (Self.migrations.last?.number ?? 0) {
            throw StoreError.unknownSchemaVersion(newest)
        }
        var ran: [Int] = []
        for migration in Self.migrations where !applied.contains(migration.number) && migration.number <= last ?? .max {
            let statements = migration.sql(for: kind)
            do {
                let done = try await migrationStep { db in
                    let ran = try await db.select().column("number").from("schema_migrations")
                        .where("number", .equal, migration.number).first()
                    guard ran == nil else { return false }
                    for statement in statements {
                        try await db.raw(SQLQueryString(statement)).run()
                    }
                    try await db.insert(into: "schema_migrations")
                        .columns("number", "name", "applied_at")
                        .values(SQLBind(migration.number), SQLBind(migration.name), SQLBind(Date()))
                        .run()
                    return true
                }
                guard done else { continue }
            } catch {
                throw StoreError.migrationFailed(number: migration.number, name: migration.name, reason: String(reflecting: error))
            }
            ran.append(migration.number)
        }
        return ran
    }

    /// One transaction of `migrate()`, on PostgreSQL holding the migration lock until it ends.
    private func migrationStep<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let locks = kind == .postgres
        return try await transaction { db in
            if locks { try await db.raw("SELECT pg_advisory_xact_lock(\(literal: AdvisoryLock.migrations.rawValue))").run() }
            return try await body(db)
        }
    }

    /// The numbers of the migrations already applied.
    public func appliedMigrations() async throws -> Set<Int> {
        let rows = try await sql.select().column("number").from("schema_migrations").all()
        return Set(try rows.map { try $0.decode(column: "number", as: Int.self) })
    }
}
