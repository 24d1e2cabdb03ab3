/// Work in two stages, the second of one part beside the first of the next: reading a batch of
/// records while the one before is written, on two cores at once.
public enum Pipeline {
    /// Calls `consume` with each value `produce` makes, in order, until it makes nil; the next
    /// value is made while `consume` takes this one. `produce` never runs twice at once, and has
    /// ended whenever this returns or throws.
    public static func run<Value: Sendable>(produce: @escaping @Sendable () async throws -> Value?,
                                            consume: (Value) async throws -> Void) async throws {
        var next = Task { try await produce() }
        do {
            while let value = try await next.value {
                next = Task { try await produce() }
                try await consume(value)
            }
        } catch {
            _ = try? await next.value
            throw error
        }
    }

    /// Calls `consume` with `produce` of each of `inputs`, in order, the next made while `consume`
    /// takes this one.
    public static func run<Input: Sendable, Value: Sendable>(_ inputs: [Input], produce: @escaping @Sendable (Input) async throws -> Value,
                                                             consume: (Value) async throws -> Void) async throws {
        let cursor = Cursor(inputs)
        try await run(produce: {
            guard let input = cursor.next() else { return nil }
            return try await produce(input)
        }, consume: consume)
    }
}

/// The inputs handed out one at a time, to one caller at a time (``Pipeline`` never asks twice at once).
private final class Cursor<Input: Sendable>: @unchecked Sendable {
    private let inputs: [Input]
    private var index = 0

    init(_ inputs: [Input]) { self.inputs = inputs }

    func next() -> Input? {
        guard index < inputs.count else { return nil }
        defer { index += 1 }
        return inputs[index]
    }
}
