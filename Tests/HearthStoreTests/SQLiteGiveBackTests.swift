import Dispatch
import Synchronization
import Testing
@testable import HearthStore

/// A connection comes back to its pool on the thread that used it, as the statement or session
/// ends, not once the task that held it runs again: in a busy process that task waits its turn
/// for a thread, and the next task would wait for the connection all that time (a test run on two
/// cores once waited 30 s and gave up).
@Suite struct SQLiteGiveBackTests {
    @Test func aStatementGivesItsConnectionBackBeforeItsTaskRunsAgain() async throws {
        let pool = SQLiteConnectionPool(path: ":memory:", maximum: 1, waitLimit: .seconds(5))
        let executor = HeldExecutor()
        let first = Task(executorPreference: executor) {
            try await pool.query("SELECT 1", []) { _ in executor.hold() }
        }
        // The first task has not run since its statement ended; its connection is free all the same.
        try await Self.aStatementRuns(on: pool, while: first, waitsFor: executor)
        try await pool.close()
    }

    @Test func aSessionGivesItsConnectionBackOnTheWritersThread() async throws {
        let thread = SQLiteWriterThread()
        let pool = SQLiteConnectionPool(path: ":memory:", maximum: 1, setUp: .init(calls: .writer(thread)), waitLimit: .seconds(5))
        let executor = HeldExecutor()
        let first = Task(executorPreference: executor) {
            try await pool.withConnection { connection in
                try await connection.query("SELECT 1", []) { _ in }
                executor.hold()
            }
            return ()
        }
        try await Self.aStatementRuns(on: pool, while: first, waitsFor: executor)
        try await pool.close()
        try await thread.close()
    }

    /// Once `first` waits for `executor`, a statement runs on `pool` (a pool of one connection);
    /// then `first` goes on.
    static func aStatementRuns(on pool: SQLiteConnectionPool, while first: Task<Void, any Error>, waitsFor executor: HeldExecutor) async throws {
        try await executor.waitUntilHeld()
        var failure: (any Error)?
        do { try await pool.query("SELECT 2", []) { _ in } } catch { failure = error }
        executor.letGo()
        #expect(failure == nil, "\(String(describing: failure))")
        try await first.value
    }
}

/// A task executor that runs its jobs on a queue of its own, and from ``hold()`` keeps them until
/// ``letGo()``: a task that waits for a thread as long as the test says.
final class HeldExecutor: TaskExecutor, Sendable {
    private let state = Mutex((holding: false, jobs: [UnownedJob]()))
    private let queue = DispatchQueue(label: "held-executor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let kept = state.withLock { state in
            if state.holding { state.jobs.append(job) }
            return state.holding
        }
        if !kept { run(job) }
    }

    /// Keeps the jobs from now on. Called from another thread, it returns once the job running
    /// here (if one is) has ended: a task that has just handed work to that thread has then
    /// surely given up its own, so it runs again only by a job, which is kept. (Otherwise the
    /// work could end before the task had stopped, and the task go on without a job.)
    func hold() {
        state.withLock { $0.holding = true }
        queue.sync {}
    }

    /// Returns once a job is kept.
    func waitUntilHeld() async throws {
        let start = ContinuousClock.now
        while state.withLock({ $0.jobs.isEmpty }) {
            guard ContinuousClock.now - start < .seconds(30) else { throw NothingHeld() }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    struct NothingHeld: Error, CustomStringConvertible {
        var description: String { "No job of the task came to be kept: it never waited for a thread." }
    }

    func letGo() {
        let jobs = state.withLock { state in
            state.holding = false
            defer { state.jobs = [] }
            return state.jobs
        }
        jobs.forEach(run)
    }

    private func run(_ job: UnownedJob) {
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
