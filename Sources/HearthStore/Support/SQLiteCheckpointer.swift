import Foundation
import NIOConcurrencyHelpers
import NIOPosix

/// Copies an SQLite database's write-ahead log back into the database file off the request path.
///
/// SQLite's own checkpoint runs inside the commit that fills the log past 1,000 pages, so one
/// request in a few hundred paid for it (a shopping session's add p99 was 5× its median). The
/// writer reports each commit here instead (``RawSQLiteConnection/reportCommits(to:)``), which turns
/// SQLite's checkpoints off, and a task of its own checkpoints on its own connection and thread:
/// - `PASSIVE` once the log holds ``threshold`` frames: it copies what no reader still needs and
///   never blocks the writer;
/// - once nothing has been committed for ``quietPeriod``, a `PASSIVE` that copies the rest, so the
///   next commit starts the log again from its beginning; and a `TRUNCATE` if the log's file grew
///   past ``threshold`` pages (a burst of writes), so an idle server does not keep a large file (it
///   holds the writer back while it syncs, and waits at most ``busyTimeoutMilliseconds`` for
///   readers, else it is a `PASSIVE`);
/// - `RESTART` when the log reaches ``cap`` frames: writers then wait for the readers of old frames
///   and for the frames committed since the last `PASSIVE` to be copied, rather than the log growing
///   without end. (The log starts again from its beginning only when it was copied whole before a
///   commit; under a steady stream of writes a `PASSIVE` never is, as a commit lands while it syncs.)
///
/// In WAL mode with `synchronous = NORMAL` a commit is durable against a crash of the process
/// without a checkpoint (the log is in the operating system's hands); a checkpoint syncs the log
/// and the file.
final class SQLiteCheckpointer: Sendable {
    /// Frames (pages) in the log that start a `PASSIVE` checkpoint: SQLite's own default.
    static let threshold = 1_000
    /// Frames that make the writer wait for a `RESTART` checkpoint: 64 MB with 4 KB pages.
    static let cap = 16_384
    /// How long no commit means the database is idle.
    static let quietPeriod: Duration = .seconds(1)
    /// How often the log is looked at while there is one.
    static let interval: Duration = .milliseconds(200)
    static let busyTimeoutMilliseconds = 100

    private struct State {
        /// Frames in the log after the last commit, less what a checkpoint copied since.
        var frames = 0
        var commits = 0
        var lastCommit = ContinuousClock.now
        /// Whether the task is awake (the log is not known to be empty).
        var awake = false
    }

    private let state = NIOLockedValueBox(State())
    private let wakeUps: AsyncStream<Void>.Continuation
    private let task: Task<Void, Never>

    /// Starts checkpointing the database at `path`; ``stop()`` ends it.
    init(path: String) {
        let (wakeUps, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.wakeUps = continuation
        let state = state
        task = Task.detached(priority: .utility) {
            await Self.run(path: path, state: state, wakeUps: wakeUps)
        }
    }

    /// Called by the writer, on its thread, after each commit with the frames in the log.
    func committed(frames: Int) {
        let wake = state.withLockedValue { state in
            state.frames = frames
            state.commits += 1
            state.lastCommit = .now
            defer { state.awake = true }
            return !state.awake
        }
        if wake { wakeUps.yield() }
    }

    /// Ends the task once its checkpoint in progress is done.
    func stop() async {
        wakeUps.finish()
        task.cancel()
        await task.value
    }

    /// Waits for a first commit, then checkpoints as the log grows until the database is idle and
    /// the log is truncated; again. The thread and the connection are there only while awake: an
    /// idle server holds neither, and a copy being made (``Database/backup(to:logger:)``) can leave
    /// WAL mode.
    private static func run(path: String, state: NIOLockedValueBox<State>, wakeUps: AsyncStream<Void>) async {
        for await _ in wakeUps {
            let threadPool = NIOThreadPool(numberOfThreads: 1)
            threadPool.start()
            if let connection = try? await RawSQLiteConnection.open(path: path, setUp: .init(calls: .pool(threadPool))) {
                await checkpointUntilIdle(on: connection, path: path, state: state)
                try? await connection.close()
            } else {
                // The next commit tries again.
                state.withLockedValue { $0.awake = false }
            }
            try? await threadPool.shutdownGracefully()
        }
    }

    private static func checkpointUntilIdle(on connection: RawSQLiteConnection, path: String, state: NIOLockedValueBox<State>) async {
        try? await connection.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let (frames, commits, quiet) = state.withLockedValue { ($0.frames, $0.commits, ContinuousClock.now - $0.lastCommit >= quietPeriod) }
            let mode = if frames >= cap { "RESTART" } else if quiet {
                logBytes(of: path) > threshold * pageSize ? "TRUNCATE" : "PASSIVE"
            } else if frames >= threshold { "PASSIVE" } else { String?.none }
            guard let mode else { continue }
            // Before a RESTART holds the writer back, a PASSIVE copies all it can: the RESTART is
            // then left only the frames committed meanwhile.
            if mode == "RESTART" { _ = try? await connection.checkpoint("PASSIVE") }
            guard let (log, copied) = try? await connection.checkpoint(mode) else { continue }
            let asleep = state.withLockedValue { state in
                guard state.commits == commits else { return false }
                state.frames = log - copied
                // All copied while idle: the next commit wakes the task again.
                if quiet && log == copied { state.awake = false }
                return !state.awake
            }
            if asleep { return }
        }
    }
    /// SQLite's page size, as Hearth's databases have it (the default).
    private static let pageSize = 4_096

    /// The size of the log's file at `path` + `-wal`, 0 when there is none.
    private static func logBytes(of path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }
}

extension RawSQLiteConnection {
    /// Runs `PRAGMA wal_checkpoint(mode)`; returns the frames in the log and those now copied into
    /// the database (-1 each when the database is not in WAL mode).
    func checkpoint(_ mode: String) async throws -> (log: Int, copied: Int) {
        let result = NIOLockedValueBox((log: 0, copied: 0))
        try await query("PRAGMA wal_checkpoint(\(mode))", []) { row in
            guard case .data(.integer(let log)) = row.values[1], case .data(.integer(let copied)) = row.values[2] else { return }
            result.withLockedValue { $0 = (log, copied) }
        }
        return result.withLockedValue { $0 }
    }

    /// Runs one statement and drops its rows.
    func execute(_ sql: String) async throws {
        try await query(sql, []) { _ in }
    }
}
