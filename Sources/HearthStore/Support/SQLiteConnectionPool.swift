import NIOConcurrencyHelpers
import SQLiteNIO
import Synchronization

/// A few SQLite connections, opened when first needed and handed to one task at a time. A free
/// connection is taken and given back under a lock, in the task that runs the statement: AsyncKit's
/// pool did both on its event loop, two more thread switches for every statement than the one to
/// SQLite's thread pool.
final class SQLiteConnectionPool: Sendable {
    private let path: String
    private let maximum: Int
    private let setUp: SQLiteConnectionSetup
    /// How long a task waits while no connection comes free before it fails (30 seconds, as
    /// AsyncKit's pool). A queue that moves is waited out however long it is: a busy process (a
    /// server under load, a test run of hundreds of databases on two threads) is slow, not stuck.
    private let waitLimit: Duration

    private struct State {
        var idle: [RawSQLiteConnection] = []
        /// Connections open or being opened.
        var opened = 0
        /// Tasks waiting for a connection, first come first served.
        var waiters: [Waiter] = []
        var waitersSoFar = 0
        /// When a connection last came free (given back or handed on).
        var lastFreed = ContinuousClock.now
        var closed = false

        mutating func nextWaiter() -> Waiter? {
            waiters.isEmpty ? nil : waiters.removeFirst()
        }
    }

    /// A task waiting for a connection, and what fails it once it has waited too long.
    private struct Waiter {
        let number: Int
        let continuation: CheckedContinuation<RawSQLiteConnection?, any Error>
        let timeout: Task<Void, Never>

        /// Hands over a connection, or nil to look again (an opening failed, so it may open one itself).
        func serve(_ connection: RawSQLiteConnection?) {
            timeout.cancel()
            continuation.resume(returning: connection)
        }

        func fail(_ error: any Error) {
            timeout.cancel()
            continuation.resume(throwing: error)
        }
    }

    private let state = NIOLockedValueBox(State())

    /// A pool of at most `maximum` connections to the database file at `path`, each set up with `setUp` as it opens.
    init(path: String, maximum: Int, setUp: SQLiteConnectionSetup = .init(), waitLimit: Duration = .seconds(30)) {
        self.path = path
        self.maximum = maximum
        self.setUp = setUp
        self.waitLimit = waitLimit
    }

    /// How many tasks wait for a connection now.
    var waiting: Int { state.withLockedValue { $0.waiters.count } }

    /// Runs one statement on a free connection, and gives the connection back on the thread that
    /// ran it as the statement ends: not once the caller's task runs again, which in a busy process
    /// waits its turn for a thread while the next task waits for the connection.
    func query(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (SQLiteStoreRow) -> Void) async throws {
        let connection = try await lease()
        let giveBack = GiveBack(pool: self, connection: connection)
        do {
            try await connection.query(sql, binds, onRow, then: giveBack.now)
        } catch {
            giveBack.now()  // when the statement never ran: its thread had stopped
            throw error
        }
    }

    /// Holds a connection while `body` runs, its task on the writer's thread where the connection
    /// has one (``RawSQLiteConnection/withTaskHere(_:)``), and gives it back there as `body` ends,
    /// for the same reason as ``query(_:_:_:)``.
    func withConnection<T>(_ body: (RawSQLiteConnection) async throws -> T) async throws -> T {
        let connection = try await lease()
        return try await connection.withTaskHere {
            defer { release(connection) }
            return try await body(connection)
        }
    }

    /// Gives a connection back once, from whichever of two places comes first.
    private final class GiveBack: Sendable {
        let pool: SQLiteConnectionPool
        let connection: RawSQLiteConnection
        private let done = Atomic(false)

        init(pool: SQLiteConnectionPool, connection: RawSQLiteConnection) {
            self.pool = pool
            self.connection = connection
        }

        func now() {
            if !done.exchange(true, ordering: .acquiringAndReleasing) { pool.release(connection) }
        }
    }

    /// Closes the free connections now and the others when they are given back; waiting tasks fail.
    func close() async throws {
        let (idle, waiters) = state.withLockedValue { state in
            state.closed = true
            defer { state.idle = []; state.waiters = [] }
            return (state.idle, state.waiters)
        }
        for waiter in waiters { waiter.fail(Closed()) }
        var failure: (any Error)?
        for connection in idle {
            do { try await connection.close() } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    private enum Lease {
        case free(RawSQLiteConnection), open, wait
    }

    /// A connection for the caller alone, until it gives it back (``release(_:)``).
    func lease() async throws -> RawSQLiteConnection {
        while true {
            let lease = try state.withLockedValue { state -> Lease in
                guard !state.closed else { throw Closed() }
                if let connection = state.idle.popLast() { return .free(connection) }
                guard state.opened < maximum else { return .wait }
                state.opened += 1
                return .open
            }
            switch lease {
            case .free(let connection):
                return connection
            case .open:
                do {
                    return try await RawSQLiteConnection.open(path: path, setUp: setUp)
                } catch {
                    let waiter = state.withLockedValue { state in
                        state.opened -= 1
                        return state.nextWaiter()
                    }
                    waiter?.serve(nil)
                    throw error
                }
            case .wait:
                if let connection = try await waitForConnection() { return connection }
            }
        }
    }

    /// A connection another task gives back, or nil to look again; fails after the wait limit.
    private func waitForConnection() async throws -> RawSQLiteConnection? {
        try await withCheckedThrowingContinuation { continuation in
            // What changed since the caller looked: a connection given back, or an opening failed.
            let waiting = state.withLockedValue { state -> Bool in
                guard !state.closed, state.idle.isEmpty, state.opened == maximum else { return false }
                state.waitersSoFar += 1
                let number = state.waitersSoFar
                let timeout = Task { [waitLimit] in
                    var deadline = ContinuousClock.now + waitLimit
                    while true {
                        guard (try? await Task.sleep(until: deadline)) != nil else { return }  // served meanwhile
                        guard let later = self.giveUp(waiter: number, unlessFreedWithin: waitLimit) else { return }
                        deadline = later
                    }
                }
                state.waiters.append(Waiter(number: number, continuation: continuation, timeout: timeout))
                return true
            }
            if !waiting { continuation.resume(returning: nil) }
        }
    }

    /// Fails a task that is still waiting, unless a connection came free within `limit`: then it
    /// answers when to look again.
    private func giveUp(waiter number: Int, unlessFreedWithin limit: Duration) -> ContinuousClock.Instant? {
        let (waiter, later) = state.withLockedValue { state -> (Waiter?, ContinuousClock.Instant?) in
            if let later = Self.lookAgain(lastFreed: state.lastFreed, limit: limit, now: .now) { return (nil, later) }
            return (state.waiters.firstIndex { $0.number == number }.map { state.waiters.remove(at: $0) }, nil)
        }
        waiter?.fail(TimedOut())
        return later
    }

    /// When a waiting task looks again, or nil when it gives up: it waits on while the last
    /// connection came free less than `limit` before `now`.
    static func lookAgain(lastFreed: ContinuousClock.Instant, limit: Duration, now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        lastFreed + limit > now ? lastFreed + limit : nil
    }

    /// Gives back a connection from ``lease()``. One still in a transaction (its task was
    /// cancelled before the `COMMIT` or `ROLLBACK` ran) is closed, which rolls the transaction
    /// back, rather than handed to a task whose `BEGIN` it would refuse.
    func release(_ connection: RawSQLiteConnection) {
        enum Next { case keep, hand(Waiter), close, discard(Waiter?) }
        let inTransaction = connection.isInTransaction
        let next = state.withLockedValue { state -> Next in
            if state.closed { return .close }
            state.lastFreed = .now
            if inTransaction {
                state.opened -= 1
                return .discard(state.nextWaiter())
            }
            guard let waiter = state.nextWaiter() else {
                state.idle.append(connection)
                return .keep
            }
            return .hand(waiter)
        }
        switch next {
        case .keep: break
        case .hand(let waiter): waiter.serve(connection)
        case .close: Task { try? await connection.close() }
        case .discard(let waiter):
            Task { try? await connection.close() }
            waiter?.serve(nil)
        }
    }

    /// What a task gets that wants a connection after ``close()``.
    struct Closed: Error, CustomStringConvertible {
        var description: String { "The database is closed." }
    }

    /// What a task gets that waited the wait limit for a connection.
    struct TimedOut: Error, CustomStringConvertible {
        var description: String { "No database connection came free in time." }
    }
}
