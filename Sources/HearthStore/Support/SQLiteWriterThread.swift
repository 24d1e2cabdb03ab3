import NIOCore
import NIOPosix

/// Where a connection's calls into SQLite run.
enum SQLiteCalls: Sendable {
    /// Each call on a thread of a pool and back (the readers, the checkpointer).
    case pool(NIOThreadPool)
    /// On the thread of the connection that writes, where the task of a session runs whole.
    case writer(SQLiteWriterThread)

    /// Runs `work` where this says: at once when the task is on the writer's thread already.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        switch self {
        case .pool(let pool): try await pool.runIfActive(work)
        case .writer(let thread): try await thread.run(work)
        }
    }
}

/// The thread of the connection that writes, and an executor for the task that holds it. A
/// session (a transaction) runs its task here, so each of its statements is a call on the same
/// thread: with a thread pool, each was two thread switches (there and back), most of the time a
/// small write took. SQLite's calls block, so this thread runs nothing but its database's writer.
/// Each database has its own: a long session (a restore) of one would otherwise hold up the others'
/// writes, which a thread pool had not.
final class SQLiteWriterThread: TaskExecutor {
    private let thread: MultiThreadedEventLoopGroup
    private let loop: any EventLoop

    /// A thread for one database's writer, until ``close()``.
    init() {
        thread = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        loop = thread.next()
    }

    /// Ends the thread, once the writer has closed.
    func close() async throws {
        try await thread.shutdownGracefully()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Runs `work` on this thread: at once from a task running here, else with a trip there and back.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        if loop.inEventLoop { return try work() }
        return try await loop.submit(work).get()
    }

    /// Runs `body` with its task on this thread (its statements then need no trip).
    func withTask<T>(_ body: () async throws -> T) async throws -> T {
        if #available(macOS 15, iOS 18, *) {
            return try await withTaskExecutorPreference(self, operation: body)
        }
        return try await body()
    }
}
