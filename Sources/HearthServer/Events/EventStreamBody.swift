import Foundation
import ServiceLifecycle

/// The bytes of an event stream: what the client missed and `ready` when it opens (the stream is
/// live from there on), each new event, and a comment every 25 seconds so proxies keep it open.
/// The stream ends when the server shuts down gracefully, which would otherwise wait for it forever,
/// and when its client reads so slowly that ``EventSubscribers/buffer`` events wait on top of what it
/// missed: it reconnects, as every client does, and catches up from the log.
struct EventStreamBody: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    static let heartbeat: Duration = .seconds(25)
    let subscription: EventSubscription

    func makeAsyncIterator() -> AsyncStream<ArraySlice<UInt8>>.Iterator {
        let subscription = subscription
        let (stream, continuation) = AsyncStream.makeStream(
            of: ArraySlice<UInt8>.self, bufferingPolicy: .bufferingOldest(subscription.opening.count + EventSubscribers.buffer))
        let task = Task {
            await withGracefulShutdownHandler {
                await Self.pump(subscription, into: continuation)
            } onGracefulShutdown: {
                continuation.finish()
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream.makeAsyncIterator()
    }

    private static func pump(_ subscription: EventSubscription, into continuation: AsyncStream<ArraySlice<UInt8>>.Continuation) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for event in subscription.opening { continuation.yield(ArraySlice(event.wireFormat.utf8)) }
                for await logged in subscription.live where logged.seq > subscription.after {
                    if case .dropped = continuation.yield(ArraySlice(logged.event.wireFormat.utf8)) { break }
                }
                continuation.finish()
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.heartbeat)
                    continuation.yield(ArraySlice(": keep-alive\n\n".utf8))
                }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
