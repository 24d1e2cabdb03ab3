import Foundation
import HearthCore
import Testing

/// When the inventory's lock closes: never when off, after the chosen minutes without use, and
/// locking immediately once a shown page has said nothing for 15 seconds.
@Suite struct InventoryLockTests {
    let used = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func eachChoiceHasANameAndStoredMinutesThatBringItBack() {
        #expect(InventoryLock.choices.map(\.choice) == ["never", "immediately", "1m", "5m", "15m", "60m"])
        for lock in InventoryLock.choices {
            #expect(InventoryLock(choice: lock.choice) == lock)
            #expect(InventoryLock(minutes: lock.minutes) == lock)
        }
        #expect(InventoryLock(choice: "2m") == nil && InventoryLock(minutes: 2) == nil && InventoryLock(minutes: -1) == nil)
    }

    @Test func offNeverLocks() {
        #expect(!InventoryLock.off.isLocked(lastUse: nil, now: used))
        #expect(!InventoryLock.off.isLocked(lastUse: used, now: used.addingTimeInterval(365 * 86400)))
    }

    @Test func afterIdleLocksOnceTheMinutesHavePassedWithoutUse() {
        let lock = InventoryLock.afterIdle(minutes: 5)
        #expect(!lock.isLocked(lastUse: used, now: used.addingTimeInterval(300)))
        #expect(lock.isLocked(lastUse: used, now: used.addingTimeInterval(301)))
        #expect(lock.isLocked(lastUse: nil, now: used)) // locked by hand, or never opened
    }

    @Test func immediatelyLocksFifteenSecondsAfterAShownPageWentQuiet() {
        #expect(!InventoryLock.immediately.isLocked(lastUse: used, now: used.addingTimeInterval(15)))
        #expect(InventoryLock.immediately.isLocked(lastUse: used, now: used.addingTimeInterval(16)))
    }
}
