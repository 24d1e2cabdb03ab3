import Foundation
import HearthStore

/// Where ``AttemptThrottle`` counts attempts: in memory for one server on SQLite
/// (``MemoryAttemptLedger``), in the database for the servers of a cluster (``AttemptStore``).
protocol AttemptLedger: Sendable {
    /// Lends `decide` the attempts of `keys` since `since` and their turns, as one step (no other
    /// attempt of these keys comes between), and keeps the changes it makes.
    func update<T: Sendable>(_ keys: [String], since: Date, _ decide: @escaping @Sendable (inout AttemptBook) throws -> T) async throws -> T
}

extension AttemptStore: AttemptLedger {}

/// The attempts of the last hour in memory; a restart forgets them.
actor MemoryAttemptLedger: AttemptLedger {
    /// Stale keys are swept at most this often, once there are many.
    static let sweepThreshold = 10_000
    static let sweepInterval: TimeInterval = 60

    private var attempts: [String: [Date]] = [:]
    private var turns: [String: Date] = [:]
    private var lastSweep = Date.distantPast

    func update<T: Sendable>(_ keys: [String], since: Date, _ decide: @escaping @Sendable (inout AttemptBook) throws -> T) throws -> T {
        var book = AttemptBook(
            attempts: Dictionary(uniqueKeysWithValues: keys.map { key in (key, (attempts[key] ?? []).filter { $0 > since }) }),
            turns: turns.filter { keys.contains($0.key) })
        let answer = try decide(&book)
        for change in book.changes {
            switch change {
            case .record(let key, let time): attempts[key] = (attempts[key] ?? []).filter { $0 > since } + [time]
            case .takeBack(let key): if attempts[key]?.isEmpty == false { attempts[key]?.removeLast() }
            case .forget(let key): attempts[key] = nil
            case .turn(let key, let time): turns[key] = time
            }
        }
        if attempts.count > Self.sweepThreshold, since.timeIntervalSince(lastSweep) > Self.sweepInterval { sweep(since: since) }
        return answer
    }

    private func sweep(since: Date) {
        lastSweep = since
        attempts = attempts.filter { $0.value.contains { $0 > since } }
        turns = turns.filter { $0.value > since }
    }
}
