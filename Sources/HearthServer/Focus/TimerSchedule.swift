import Foundation
import HearthStore

/// When each user's timer needs the server next (a phase end or an alarm's auto-dismissal).
/// The scheduler loop sleeps until the earliest of them; any change wakes it to look again.
actor TimerSchedule {
    private var due: [UUID: Date] = [:]
    /// Timers whose completion failed, and when to try again: a sweep does not bring them sooner.
    private var retries: [UUID: Date] = [:]
    private var sleeper: Task<Void, Never>?

    /// Sets (or, with nil, clears) when `userId`'s timer is due, after a change of the timer.
    func set(_ userId: UUID, dueAt: Date?) {
        retries[userId] = nil
        due[userId] = dueAt
        sleeper?.cancel()
    }

    /// When a sweep found `userId`'s timer due: not sooner than a retry set after a failure.
    func found(_ userId: UUID, dueAt: Date) {
        due[userId] = max(dueAt, retries[userId] ?? dueAt)
        sleeper?.cancel()
    }

    /// Tries a timer whose completion failed again at `time`.
    func retry(_ userId: UUID, at time: Date) {
        retries[userId] = time
        due[userId] = time
        sleeper?.cancel()
    }

    /// How often the loop reloads what is due soon from the database: on SQLite, where this server
    /// makes every change, once a minute finds a due time lost to a race between a command and the
    /// scheduler; on PostgreSQL, twice a second learns in time of the phases other servers started.
    let sweepInterval: TimeInterval

    init(sweepInterval: TimeInterval) {
        self.sweepInterval = sweepInterval
    }

    static func sweepInterval(for kind: DatabaseKind) -> TimeInterval {
        kind == .postgres ? 0.5 : 60
    }

    /// Sleeps until the earliest due time after `now` (at most a minute), or until the schedule changes.
    func sleep(now: Date) async {
        let wait = min(due.values.min().map { $0.timeIntervalSince(now) } ?? sweepInterval, sweepInterval)
        guard wait > 0 else { return }
        let task = Task { _ = try? await Task.sleep(for: .seconds(wait)) }
        sleeper = task
        // While this waits, the actor runs `set`, which cancels the sleep; so does cancelling the caller.
        await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Removes and returns the users whose timers are due at `now`, earliest first.
    func takeDue(now: Date) -> [UUID] {
        let ready = due.filter { $0.value <= now }.sorted { $0.value < $1.value }.map(\.key)
        for userId in ready { due[userId] = nil }
        return ready
    }
}
