import Foundation
import NIOConcurrencyHelpers

/// What a read found, remembered for a few seconds so that the next request need not read it again.
///
/// Every change that could alter what the cache holds clears all of it before the change returns
/// (the stores call ``clear()`` once the change is committed), so the very next read asks the
/// database again. A read that raced a change does not keep what it read: it stores only if no
/// clear came between its start and its end (``generation``). That holds only where this process
/// makes every change, so the caches are on for SQLite alone (see `Database`): on PostgreSQL other
/// servers change the data too, and no notification reaches this one before their next request
/// could (ARCHITECTURE.md, "Cluster"). Only SQLite's changes from another process (the CLI) wait
/// for ``lifetime``.
public final class ReadCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How long a read is trusted without asking the database again.
    public let lifetime: TimeInterval
    /// More than this (in the cost ``store(_:for:cost:at:generation:)`` is given) starts the cache over.
    let capacity: Int

    /// Whether reads are remembered at all.
    public let isOn: Bool

    private struct State {
        var entries: [Key: (value: Value, cost: Int, expires: Date)] = [:]
        var cost = 0
        /// Bumped by every clear, so a read that raced a change does not store what it read.
        var generation = 0
    }

    private let state = NIOLockedValueBox(State())

    init(lifetime: TimeInterval, capacity: Int, isOn: Bool) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.isOn = isOn
    }

    /// Forgets every read: something it may hold has changed.
    public func clear() {
        state.withLockedValue { state in
            state.generation += 1
            state.entries.removeAll(keepingCapacity: true)
            state.cost = 0
        }
    }

    /// The generation to hand to ``store(_:for:cost:at:generation:)`` after a read.
    var generation: Int { state.withLockedValue { $0.generation } }

    /// What a read for `key` found less than ``lifetime`` ago.
    func value(for key: Key, at now: Date) -> Value? {
        guard isOn else { return nil }
        return state.withLockedValue { state in
            guard let entry = state.entries[key], entry.expires > now else { return nil }
            return entry.value
        }
    }

    /// Remembers a read, unless the cache was cleared since it began.
    func store(_ value: Value, for key: Key, cost: Int = 1, at now: Date, generation: Int) {
        guard isOn else { return }
        state.withLockedValue { state in
            guard state.generation == generation, cost <= capacity else { return }
            if state.cost + cost > capacity {
                state.entries.removeAll(keepingCapacity: true)
                state.cost = 0
            }
            if let replaced = state.entries.updateValue((value, cost, now + lifetime), forKey: key) { state.cost -= replaced.cost }
            state.cost += cost
        }
    }

    /// What `key` holds, from the cache or else from `read` (and then remembered); nil values are
    /// not remembered.
    func remembered(_ key: Key, at now: Date, cost: (Value) -> Int = { _ in 1 }, read: () async throws -> Value?) async throws -> Value? {
        if let value = value(for: key, at: now) { return value }
        let generation = generation
        guard let value = try await read() else { return nil }
        store(value, for: key, cost: cost(value), at: now, generation: generation)
        return value
    }
}
