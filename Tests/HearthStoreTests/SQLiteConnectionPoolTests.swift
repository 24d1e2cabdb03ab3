import Foundation
import Synchronization
import Testing
@testable import HearthStore

/// The few SQLite connections the store hands to one task at a time.
@Suite struct SQLiteConnectionPoolTests {
    /// Each connection its own empty database in memory: these tests only need connections.
    func pool(maximum: Int, waitLimit: Duration = .seconds(30)) -> SQLiteConnectionPool {
        SQLiteConnectionPool(path: ":memory:", maximum: maximum, waitLimit: waitLimit)
    }

    @Test func manyTasksShareAFewConnectionsOneAtATime() async throws {
        let pool = pool(maximum: 2)
        let held = Held()
        try await withThrowingTaskGroup { group in
            for _ in 0..<50 {
                group.addTask {
                    try await pool.withConnection { connection in
                        held.enter(connection)
                        try await connection.query("SELECT 1", []) { _ in }
                        held.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        let figures = held.figures
        #expect(figures.most <= 2 && figures.connections <= 2 && figures.now == 0)
        try await pool.close()
    }

    /// What the tasks of the first test hold at once, and which connections they were given.
    final class Held: Sendable {
        private let state = Mutex((now: 0, most: 0, connections: Set<ObjectIdentifier>()))

        func enter(_ connection: RawSQLiteConnection) {
            state.withLock { $0.now += 1; $0.most = max($0.most, $0.now); $0.connections.insert(ObjectIdentifier(connection)) }
        }

        func leave() { state.withLock { $0.now -= 1 } }

        var figures: (now: Int, most: Int, connections: Int) { state.withLock { ($0.now, $0.most, $0.connections.count) } }
    }

    @Test func aClosedPoolRefusesAndFailsWhoWaits() async throws {
        let pool = pool(maximum: 1)
        let holding = try await pool.lease()
        let waiting = Task { try await pool.withConnection { _ in } }
        while pool.waiting == 0 { try await Task.sleep(for: .milliseconds(5)) }
        try await pool.close()
        await #expect(throws: SQLiteConnectionPool.Closed.self) { try await waiting.value }
        await #expect(throws: SQLiteConnectionPool.Closed.self) { try await pool.withConnection { _ in } }
        pool.release(holding)
    }

    /// A task cancelled between its BEGIN and its COMMIT gives back a connection in a transaction:
    /// the pool closes it (rolling back) instead of handing the next task a BEGIN it would refuse.
    @Test func aConnectionLeftInATransactionIsNotHandedOn() async throws {
        let pool = pool(maximum: 1)
        let abandoned = try await pool.lease()
        try await abandoned.query("BEGIN IMMEDIATE", []) { _ in }
        pool.release(abandoned)
        try await pool.withConnection { connection in
            #expect(connection !== abandoned)
            try await connection.query("BEGIN IMMEDIATE", []) { _ in }
            try await connection.query("COMMIT", []) { _ in }
        }
        try await pool.close()
    }

    @Test func aWaitingTaskGivesUpOnlyWhenNoConnectionCameFreeForTheLimit() {
        // A queue that moves: the last connection came free 10 s ago, so a task that has waited
        // 45 s in all looks again when that is 30 s old. A queue that does not: it gives up.
        let start = ContinuousClock.now, limit = Duration.seconds(30)
        #expect(SQLiteConnectionPool.lookAgain(lastFreed: start + .seconds(35), limit: limit, now: start + .seconds(45))
                == start + .seconds(65))
        #expect(SQLiteConnectionPool.lookAgain(lastFreed: start, limit: limit, now: start + .seconds(30)) == nil)
        #expect(SQLiteConnectionPool.lookAgain(lastFreed: start, limit: limit, now: start + .seconds(45)) == nil)
    }

    @Test func aTaskWaitsForAConnectionOnlySoLong() async throws {
        let pool = pool(maximum: 1, waitLimit: .milliseconds(50))
        let holding = try await pool.lease()
        await #expect(throws: SQLiteConnectionPool.TimedOut.self) { try await pool.withConnection { _ in } }
        pool.release(holding)
        try await pool.withConnection { _ in }
        try await pool.close()
    }
}
