import Foundation
import Testing
@testable import HearthStore

/// The cache under the credential and list page caches: what a read found, for its lifetime,
/// forgotten by every clear, and never what a read that raced a clear found.
@Suite struct ReadCacheTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func cache(capacity: Int = 10) -> ReadCache<String, Int> {
        ReadCache<String, Int>(lifetime: 5, capacity: capacity, isOn: true)
    }

    @Test func aReadIsRememberedForItsLifetimeOnly() {
        let cache = cache()
        cache.store(1, for: "a", at: now, generation: cache.generation)
        #expect(cache.value(for: "a", at: now + 4.9) == 1)
        #expect(cache.value(for: "a", at: now + 5) == nil)
        #expect(cache.value(for: "b", at: now) == nil)
    }

    @Test func aReadThatRacedAChangeIsNotRemembered() {
        let cache = cache()
        let generation = cache.generation
        cache.clear()
        cache.store(1, for: "a", at: now, generation: generation)
        #expect(cache.value(for: "a", at: now) == nil)
        cache.store(2, for: "a", at: now, generation: cache.generation)
        #expect(cache.value(for: "a", at: now) == 2)
        cache.clear()
        #expect(cache.value(for: "a", at: now) == nil)
    }

    @Test func aCacheThatIsOffRemembersNothing() {
        let cache = ReadCache<String, Int>(lifetime: 5, capacity: 10, isOn: false)
        cache.store(1, for: "a", at: now, generation: cache.generation)
        #expect(cache.value(for: "a", at: now) == nil)
    }

    @Test func moreThanTheCapacityStartsTheCacheOver() {
        let cache = cache(capacity: 10)
        cache.store(1, for: "a", cost: 6, at: now, generation: cache.generation)
        cache.store(2, for: "a", cost: 6, at: now, generation: cache.generation)  // replaces a: 6 in all
        #expect(cache.value(for: "a", at: now) == 2)
        cache.store(3, for: "b", cost: 4, at: now, generation: cache.generation)
        #expect(cache.value(for: "a", at: now) == 2 && cache.value(for: "b", at: now) == 3)
        cache.store(4, for: "c", cost: 1, at: now, generation: cache.generation)
        #expect(cache.value(for: "a", at: now) == nil && cache.value(for: "c", at: now) == 4)
        cache.store(5, for: "d", cost: 11, at: now, generation: cache.generation)  // bigger than the whole cache
        #expect(cache.value(for: "d", at: now) == nil && cache.value(for: "c", at: now) == 4)
    }
}
