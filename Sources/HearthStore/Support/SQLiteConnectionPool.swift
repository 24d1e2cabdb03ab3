import Synchronization

/// A few SQLite connections, opened when first needed and handed to one task at a time. A free
/// connection is taken and given back under a lock, in the task that runs the statement: AsyncKit's
/// pool did both on its event loop, two more thread switches for every statement than the one to
/// SQLite's thread pool.
final class SQLiteConnectionPool: Sendable {
    private let path: String
    private let maximum: Int

    private struct State {
        var idle: [RawSQLiteConnection] = []
        /// Connections open or being opened.
        var opened = 0
        /// Tasks waiting for a connection, first come first served: each is given one, or nil to
        /// look again (an opening failed, so it may open one itself).
        var waiters: [CheckedContinuation<RawSQLiteConnection?, any Error>] = []
        var closed = false
    }

    private let state = Mutex(State())

    /// A pool of at most `maximum` connections to the database file at `path`.
    init(path: String, maximum: Int) {
        self.path = path
        self.maximum = maximum
    }

    /// How many tasks wait for a connection now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Holds a connection while `body` runs.
    func withConnection<T>(_ body: (RawSQLiteConnection) async throws -> T) async throws -> T {
        let connection = try await lease()
        defer { release(connection) }
        return try await body(connection)
    }

    /// Closes the free connections now and the others when they are given back; waiting tasks fail.
    func close() async throws {
        let (idle, waiters) = state.withLock { state in
            state.closed = true
            defer { state.idle = []; state.waiters = [] }
            return (state.idle, state.waiters)
        }
        for waiter in waiters { waiter.resume(throwing: Closed()) }
        for connection in idle { try await connection.close() }
    }

    private enum Lease {
        case free(RawSQLiteConnection), open, wait
    }

    /// A connection for the caller alone, until it gives it back (``release(_:)``).
    func lease() async throws -> RawSQLiteConnection {
        while true {
            let lease = try state.withLock { state -> Lease in
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
                    return try await RawSQLiteConnection.open(path: path)
                } catch {
                    let waiter = state.withLock { state in
                        state.opened -= 1
                        return state.waiters.isEmpty ? nil : state.waiters.removeFirst()
                    }
                    waiter?.resume(returning: nil)
                    throw error
                }
            case .wait:
                let connection = try await withCheckedThrowingContinuation { waiter in
                    // What changed since the look above: a connection given back, or an opening failed.
                    let retry = state.withLock { state -> Bool in
                        guard !state.closed, state.idle.isEmpty, state.opened == maximum else { return true }
                        state.waiters.append(waiter)
                        return false
                    }
                    if retry { waiter.resume(returning: nil) }
                }
                if let connection { return connection }
            }
        }
    }

    /// Gives back a connection from ``lease()``.
    func release(_ connection: RawSQLiteConnection) {
        enum Next { case keep, hand(CheckedContinuation<RawSQLiteConnection?, any Error>), close }
        let next = state.withLock { state -> Next in
            if state.closed { return .close }
            if state.waiters.isEmpty {
                state.idle.append(connection)
                return .keep
            }
            return .hand(state.waiters.removeFirst())
        }
        switch next {
        case .keep: break
        case .hand(let waiter): waiter.resume(returning: connection)
        case .close: Task { try? await connection.close() }
        }
    }

    /// What a task gets that wants a connection after ``close()``.
    struct Closed: Error, CustomStringConvertible {
        var description: String { "The database is closed." }
    }
}
