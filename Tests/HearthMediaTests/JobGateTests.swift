import Foundation
import Synchronization
import Testing
@testable import HearthMedia

@Suite struct JobGateTests {
    /// How many jobs run now, the most that ever ran together, and how many finished.
    final class Counts: Sendable {
        let state = Mutex((running: 0, peak: 0, done: 0))
    }

    @Test func runsAtMostTheLimitAtOnce() async throws {
        let gate = JobGate(limit: 2)
        let counts = Counts()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await MediaWork.run(gate: gate) {
                        counts.state.withLock { $0.running += 1; $0.peak = max($0.peak, $0.running) }
                        Thread.sleep(forTimeInterval: 0.05)
                        counts.state.withLock { $0.running -= 1; $0.done += 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        let final = counts.state.withLock { $0 }
        #expect(final.peak <= 2)
        #expect(final.done == 6)
    }

    @Test func aFailedJobFreesItsSlot() async throws {
        let gate = JobGate(limit: 1)
        await #expect(throws: MediaError.failed("boom")) {
            try await MediaWork.run(gate: gate) { throw MediaError.failed("boom") }
        }
        #expect(try await MediaWork.run(gate: gate) { 42 } == 42)
    }
}
