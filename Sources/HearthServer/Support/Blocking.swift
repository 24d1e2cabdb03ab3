import Dispatch

/// Blocking work (writing archives and PDFs, reading big files) on a Dispatch thread, so the Swift
/// concurrency pool and the event loops stay free for requests.
enum Blocking {
    @discardableResult
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { continuation.resume(with: Result { try work() }) }
        }
    }
}
