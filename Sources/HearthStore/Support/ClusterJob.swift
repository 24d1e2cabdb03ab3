import Foundation
import SQLKit

/// A periodic job of the whole cluster (the 30-day purge, the nightly backups): every server
/// offers to run it, and it runs on one server at a time (it holds a lock of ``SessionLocks``,
/// which goes with that server should it die) and at most once per interval (the last run is kept
/// in ``ClusterSettings``).
public enum ClusterJob: String, Sendable {
    case purge, nightlyBackups, listGistBackups
}

extension Database {
    /// Runs `job` unless another server runs it now (`locks`: nil on SQLite, whose one server needs
    /// none) or it ran less than `interval` ago (a minute of slack, for servers whose hourly loops
    /// meet). Answers whether it ran.
    @discardableResult
    public func run(_ job: ClusterJob, every interval: TimeInterval, now: Date, locks: SessionLocks?,
                    _ body: @escaping @Sendable () async throws -> Void) async throws -> Bool {
        let lock = "job:" + job.rawValue
        if let locks, try await !locks.take(lock) { return false }
        do {
            let ran = try await runIfDue(job, every: interval, now: now, body)
            await locks?.release(lock)
            return ran
        } catch {
            await locks?.release(lock)
            throw error
        }
    }

    private func runIfDue(_ job: ClusterJob, every interval: TimeInterval, now: Date, _ body: () async throws -> Void) async throws -> Bool {
        let settings = ClusterSettings(database: self)
        let key = "job:\(job.rawValue)"
        if let last = try await settings.value(of: key).flatMap(Double.init), now.timeIntervalSince1970 - last < interval - 60 {
            return false
        }
        try await body()
        try await settings.set(key, to: String(now.timeIntervalSince1970))
        return true
    }
}
