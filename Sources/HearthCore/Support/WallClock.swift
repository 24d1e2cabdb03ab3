import Foundation

/// Tells the current time. Injected everywhere time matters so tests can control it exactly.
public protocol WallClock: Sendable {
    /// The current instant.
    var now: Date { get }
}

/// The real clock of the machine.
public struct SystemClock: WallClock {
    public init() {}
    public var now: Date { Date() }
}

/// A clock that only moves when told to: for tests and simulations.
public final class VirtualClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// Starts the clock at `start`.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.current = start
    }

    public var now: Date { lock.withLock { current } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        lock.withLock { current = date }
    }
}
