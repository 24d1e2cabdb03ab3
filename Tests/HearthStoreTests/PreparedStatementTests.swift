import Foundation
@testable import HearthStore
import SQLKit
import Testing

/// Statements of the hot paths (``SQLPrepared``) answer what the same statement answers unprepared,
/// whatever their binds hold; on PostgreSQL they are prepared once per connection, by name.
@Suite struct PreparedStatementTests {
    /// The same text with a NULL, then a value, then a NULL again in one place: PostgreSQL infers a
    /// NULL parameter's type, so each way is a statement of its own, and every answer is right.
    @Test(arguments: Backend.available)
    func nullsAndValuesInOnePlaceEachReadBackRight(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            try await database.run("CREATE TABLE probe (id UUID PRIMARY KEY, label TEXT, at TIMESTAMPTZ)")
            let values: [(UUID?, String?)] = [(nil, nil), (UUID(), "milk"), (nil, "eggs"), (UUID(), nil), (nil, nil)]
            for (index, (other, label)) in values.enumerated() {
                let id = UUID()
                let written = try await database.sql.prepared("""
                    INSERT INTO probe (id, label) SELECT \(bind: other ?? id), \(bind: label) RETURNING id, label
                    """).first()
                #expect(try written?.decode(column: "id", as: UUID.self) == other ?? id, "row \(index)")
                #expect(try written?.decode(column: "label", as: String?.self) == label, "row \(index)")
            }
            let count = try await database.sql.prepared("SELECT COUNT(*) AS n FROM probe WHERE label IS NOT NULL OR \(bind: true)").first()
            #expect(try count?.decode(column: "n", as: Int.self) == values.count)
        }
    }

    /// On PostgreSQL, a prepared statement is kept on its connection under Hearth's name for it
    /// and run by that name again, with one plan for every bind; a statement that is not marked is
    /// never kept.
    @Test func postgresKeepsAPreparedStatementOnItsConnection() async throws {
        guard Backend.available.contains(.postgres) else { return }
        try await withDatabase(.postgres) { database in
            let mode = try await database.sql.raw("SHOW plan_cache_mode").first()?.decode(column: "plan_cache_mode", as: String.self)
            #expect(mode == "force_generic_plan")
            let kept = try await database.sql.withSession { db in
                for _ in 0..<3 { _ = try await db.prepared("SELECT \(bind: 41) + 1 AS answer").first() }
                _ = try await db.raw("SELECT \(bind: 1) AS unmarked").first()
                return try await db.raw("SELECT name, statement FROM pg_prepared_statements").all()
                    .map { try ($0.decode(column: "name", as: String.self), $0.decode(column: "statement", as: String.self)) }
            }
            #expect(kept.filter { $0.1.contains("answer") }.count == 1)
            #expect(kept.allSatisfy { $0.0.hasPrefix("hearth_") })
            #expect(!kept.contains { $0.1.contains("unmarked") })
        }
    }

    /// On SQLite, a kept statement runs as it was planned whatever its binds: SQLite otherwise plans
    /// it again when a flag's 0 or 1, a `LIMIT ?` or a `LIKE ?` pattern is bound anew.
    @Test func sqliteRunsAKeptStatementAsPlannedWhateverItsBinds() async throws {
        try await withDatabase(.sqlite) { database in
            try await database.run("CREATE TABLE probe (n INTEGER, flag INTEGER)")
            let sqlite = try #require(database.sql as? SQLiteStoreDatabase)
            guard case .pools(let writer, _) = sqlite.connections else { Issue.record("no pools"); return }
            try await writer.withConnection { connection in
                let sql = "SELECT n FROM probe WHERE flag = ?1 AND n LIKE ?2 LIMIT ?3"
                for n in 0..<6 { try await connection.query(sql, [.integer(n % 2), .text("\(n)%"), .integer(n)], { _ in }) }
                #expect(connection.replans(of: sql) == 0)
            }
        }
    }

    /// On SQLite, a transaction's statements run on the writer's own thread with the task (no trip
    /// per statement), and a write outside one still reaches it; both on one connection at a time.
    @Test func sqliteTransactionsRunOnTheWritersThread() async throws {
        try await withDatabase(.sqlite) { database in
            try await database.run("CREATE TABLE probe (n INTEGER)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 0..<40 {
                    group.addTask {
                        if n.isMultiple(of: 2) {
                            try await database.transaction { db in
                                #expect(Self.threadName().hasPrefix("NIO-ELT-"), "a writer's thread is an event loop's of its own")
                                try await db.raw("INSERT INTO probe (n) VALUES (\(bind: n))").run()
                                try await db.raw("INSERT INTO probe (n) VALUES (\(bind: n + 1000))").run()
                            }
                        } else {
                            try await database.sql.raw("INSERT INTO probe (n) VALUES (\(bind: n))").run()
                        }
                    }
                }
                try await group.waitForAll()
            }
            let count = try await database.sql.raw("SELECT COUNT(*) AS n FROM probe").first()
            #expect(try count?.decode(column: "n", as: Int.self) == 60)
        }
    }

    /// The name of the thread the caller runs on.
    static func threadName() -> String {
        Thread.current.name ?? ""
    }
}
