import Foundation

/// Makes new record ids. Injected so tests can predict them.
public struct IDGenerator: Sendable {
    private let make: @Sendable () -> UUID

    /// Wraps a function that returns a fresh id on each call.
    public init(_ make: @escaping @Sendable () -> UUID) {
        self.make = make
    }

    /// Returns a new id.
    public func next() -> UUID { make() }

    /// Random version 4 UUIDs: what the product uses.
    public static let random = IDGenerator { UUID() }
}
