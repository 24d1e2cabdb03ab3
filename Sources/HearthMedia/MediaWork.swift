import CVipsShim
import Dispatch

/// Where blocking C work runs: Dispatch threads, never the Swift cooperative pool, which has one
/// thread per core and would stall every request while a photo decodes.
enum MediaWork {
    private static let queue = DispatchQueue(label: "hearth.media", qos: .userInitiated, attributes: .concurrent)

    /// Waits for a slot in `gate`, then runs `work` on a Dispatch thread and returns its result.
    static func run<T: Sendable>(gate: JobGate, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        await gate.enter()
        do {
            try Task.checkCancellation()
            let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
                queue.async {
                    let result = Result { try work() }
                    hearth_release_memory()
                    continuation.resume(with: result)
                }
            }
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }
}
