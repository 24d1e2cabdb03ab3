import Foundation
import HearthCore
import NIOConcurrencyHelpers
import SQLKit

/// The event log of a server on SQLite, which is the only server: the last 15 minutes of events
/// in memory (about ``capacity`` at most), numbered across households, and delivered to the
/// streams at once. A restart forgets them: a stream that reconnects to the new process is told
/// to `reset`.
final class MemoryEventLog: EventLog {
    /// More events than this within 15 minutes: the oldest are forgotten early.
    static let capacity = 50_000

    private struct State {
        var seq: Int64 = 0
        var kept: [(event: LoggedEvent, at: Date)] = []
    }

    /// Tells this run's numbers from an earlier run's.
    let run = String(UUID().text.prefix(8)).lowercased()
    private let subscribers: EventSubscribers
    private let clock: any WallClock
    private let state = NIOLockedValueBox(State())

    init(subscribers: EventSubscribers, clock: any WallClock) {
        self.subscribers = subscribers
        self.clock = clock
    }

    func append(_ event: ServerEvent, to scope: EventScope) {
        let now = clock.now
        state.withLockedValue { state in
            state.seq += 1
            var numbered = event
            numbered.id = EventPosition(log: logName(scope.householdId), seq: state.seq).description
            let logged = LoggedEvent(seq: state.seq, scope: scope, event: numbered)
            state.kept.append((logged, now))
            // Forgotten a thousand at a time or a minute late, not one by one (an array moves them all).
            if state.kept.count > Self.capacity + 1000 || now.timeIntervalSince(state.kept[0].at) > Self.kept + 60 {
                let stale = state.kept.prefix { now.timeIntervalSince($0.at) > Self.kept }.count
                state.kept.removeFirst(max(stale, state.kept.count - Self.capacity))
            }
            // Under the lock, so every stream gets the events in their order.
            subscribers.deliver(logged)
        }
    }

    /// In memory, events are recorded once the change is saved: a crash ends the streams anyway.
    func append(_ event: ServerEvent, to scope: EventScope, within db: any SQLDatabase) -> Bool {
        false
    }

    /// Numbers run across households, but a position is read only against its own household's
    /// events: a person who moved is told to `reset`.
    func logName(_ householdId: UUID) -> String {
        run + DatabaseEventLog.logName(householdId)
    }

    func catchUp(householdId: UUID, after position: EventPosition?) -> CatchUp {
        state.withLockedValue { state in
            let now = EventPosition(log: logName(householdId), seq: state.seq)
            guard let position else { return .missed([], upTo: now) }
            let firstKept = state.kept.first?.event.seq ?? state.seq + 1
            guard position.log == now.log, position.seq <= state.seq, position.seq + 1 >= firstKept else { return .gone(now: now) }
            let missed = state.kept.lazy.map(\.event).filter { $0.seq > position.seq && $0.scope.householdId == householdId }
            return .missed(Array(missed), upTo: now)
        }
    }
}
