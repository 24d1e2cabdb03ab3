import Foundation
import HearthCore
import Synchronization
import Testing
@testable import HearthServer

/// Streams read, cancelled and ended while events are delivered to them from another thread.
@Suite struct EventSubscribersTests {
    /// A reader cancelled while an event is yielded to its stream: both end. (Yielding under the
    /// subscribers' lock once deadlocked with the cancelled stream's `onTermination` and hung the
    /// server; this test then hung in three runs of three.) The deliveries run on a thread of their
    /// own, the cancellations on the task pool. The watchdog fails a run in which no stream ended
    /// for 30 s, not one that is only slow: a `make test` on two cores once took over 60 s for it.
    @Test func streamsCancelledWhileEventsArriveNeverHang() async throws {
        let subscribers = EventSubscribers()
        let user = EventHubTests.user("ada")
        let event = LoggedEvent(seq: 1, scope: .user(user), event: ServerEvent(name: "timer", data: "{}"))
        let stop = Atomic(false)
        // A short pause after each delivery: flat out, the thread took a core of two from every
        // other test of the run for as long as this one lasted, and the cancellations still meet
        // deliveries thousands of times.
        let delivering = Thread {
            while !stop.load(ordering: .relaxed) {
                subscribers.deliver(event)
                usleep(20)
            }
        }
        delivering.start()
        defer { stop.store(true, ordering: .relaxed) }
        let ended = Count()
        let finished = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                for _ in 0..<3000 {
                    let stream = subscribers.subscribe(user)
                    let reader = Task { for await _ in stream {} }
                    await Task.yield()
                    reader.cancel()
                    await reader.value
                    ended.value.add(1, ordering: .relaxed)
                }
                return true
            }
            group.addTask {
                var seen = -1
                while true {
                    try await Task.sleep(for: .seconds(30))
                    let now = ended.value.load(ordering: .relaxed)
                    if now == seen { return false }
                    seen = now
                }
            }
            let first = try await group.next()!
            group.cancelAll()
            return first
        }
        #expect(finished, "no stream ended for 30 s: a stream's cancellation and a delivery waited for each other")
    }

    /// How many streams ended, shared by the tasks of a group.
    final class Count: Sendable {
        let value = Atomic(0)
    }
}
