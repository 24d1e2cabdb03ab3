import Foundation
import SQLKit

/// A periodic job of the whole cluster (the 30-day purge, the nightly backups): every server
/// offers to run it, and it runs on one server at a time (on PostgreSQL a session advisory lock,
/// which goes with its connection should that server die) and at most once per interval (the
/// last run is kept in ``ClusterSettings``).
public enum ClusterJob: String, Sendable {
    case purge, nightlyBackups

    var lock: AdvisoryLock {
        switch self {
        case .purge: .purge
        case .nightlyBackups: .nightlyBackups
        }
    }
}

extension Database {
    /// Runs `job` unless another server runs it now or it ran less than `interval` ago (a few
    /// seconds of slack, for servers whose hourly loops meet). Answers whether it ran.
    @discardableResult
    public func run(_ job: ClusterJob, every interval: TimeInterval, now: Date,
                    _ body: @escaping @Sendable () async throws -> Void) async throws -> Bool {
        let settings = ClusterSettings(database: self)
        let key = "job:\(job.rawValue)"
        let runIfDue: @Sendable () async throws -> Bool = {
            if let last = try await settings.value(of: key).flatMap(Double.init), now.timeIntervalSince1970 - last < interval - 60 {
                return false
            }
            try await body()
            try await settings.set(key, to: String(now.timeIntervalSince1970))
            return true
        }
        guard kind == .postgres else { return try await runIfDue() }
        return try await sql.withSession { session in
            let taken = try await session.raw("SELECT pg_try_advisory_lock(\(literal: job.lock.rawValue)) AS taken").first()?
                .decode(column: "taken", as: Bool.self) ?? false
            guard taken else { return false }
            do {
                let ran = try await runIfDue()
                try await session.raw("SELECT pg_advisory_unlock(\(literal: job.lock.rawValue))").run()
                return ran
            } catch {
                try? await session.raw("SELECT pg_advisory_unlock(\(literal: job.lock.rawValue))").run()
                throw error
            }
        }
    }
}
