import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// The yearly check on both databases: an item counts as seen for 12 months from its check (else
/// from the day it was added), a check can move it, and the score may count the unseen as 0 %.
@Suite struct YearlyCheckStoreTests {
    func today(_ clock: VirtualClock) -> CalendarDate { CalendarDate(clock.now, in: TimeZone(identifier: "UTC")!) }

    @Test(arguments: Backend.available)
    func itemsNotSeenInTwelveMonthsAreLeftToCheckAndCountedWhenAsked(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let kitchen = ada.room("Kitchen"), garage = ada.room("Garage")
            let kettle = try await ada.add("Kettle") { $0.roomId = kitchen; $0.categoryId = ada.category("Appliances") }
            let toaster = try await ada.add("Toaster") { $0.roomId = kitchen }
            let drill = try await ada.add("Drill") { $0.roomId = kitchen }
            let bits = try await ada.add("Drill bits") { $0.roomId = kitchen; $0.containerId = drill.id }
            // A year and a day later, a new blender: everything else is unseen.
            ada.clock.advance(by: 366 * 86_400)
            let blender = try await ada.add("Blender") { $0.roomId = kitchen }
            let day = today(ada.clock)
            #expect(try await ada.store.itemsToCheck(householdId: ada.home, room: .group(kitchen), today: day).map(\.name)
                    == ["Drill", "Drill bits", "Kettle", "Toaster"])
            #expect(try await ada.store.checkProgress(householdId: ada.home, today: day)[kitchen] == .init(total: 5, toCheck: 4))
            var summary = try await ada.store.summary(householdId: ada.home, today: day)
            #expect(summary.unchecked == 4 && summary.lastChecked == nil && !summary.checkCountsInScore)
            let score = summary.score

            // Counted in the score: the four unseen score 0, the blender its own.
            try await ada.store.setCheckCountsInScore(true, householdId: ada.home)
            summary = try await ada.store.summary(householdId: ada.home, today: day)
            let blenderScore = try #require(try await ada.store.item(id: blender.id, householdId: ada.home)).documentation.score
            #expect(summary.checkCountsInScore && summary.score == Int((Double(blenderScore) / 5).rounded()) && summary.score < score)

            // The kettle is here; the drill was found in the garage and takes its bits; the toaster is gone.
            #expect(try await ada.store.bulkChange(.check(on: day), itemIds: [kettle.id], householdId: ada.home) == 1)
            #expect(try await ada.store.bulkChange(.check(on: day, movedTo: .some(garage)), itemIds: [drill.id], householdId: ada.home) == 1)
            _ = try await ada.store.updateItem(id: toaster.id, householdId: ada.home) { $0.disposition = .archived }
            let moved = try #require(try await ada.store.item(id: bits.id, householdId: ada.home))
            #expect(moved.roomId == garage && moved.verifiedOn == nil, "carried along, not itself seen")
            #expect(try await ada.store.item(id: kettle.id, householdId: ada.home)?.verifiedOn == day)
            #expect(try await ada.store.itemsToCheck(householdId: ada.home, room: .group(kitchen), today: day).isEmpty)
            summary = try await ada.store.summary(householdId: ada.home, today: day)
            #expect(summary.unchecked == 1 && summary.lastChecked == day)

            // Another household's ids are skipped; a room of another household is not found.
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            #expect(try await bob.store.bulkChange(.check(on: day), itemIds: [kettle.id], householdId: bob.home) == 0)
            await #expect(throws: InventoryError.groupNotFound(.room)) {
                try await bob.store.bulkChange(.check(on: day, movedTo: .some(garage)), itemIds: [kettle.id], householdId: bob.home)
            }
            #expect(try await bob.store.checkSettings(householdId: bob.home).lastChecked == nil)

            // Through a backup: the day each was seen.
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            #expect(backup.items.first { $0.id == kettle.id }?.verifiedOn == day)
            let decoded = try HouseholdBackup.decode(try HouseholdBackup.encoder().encode(backup))
            _ = try await bob.store.restore(decoded, householdId: bob.home, strategy: .replace, archiveFiles: [], place: { _ in }, dryRun: false)
            let restored = try await bob.store.items(householdId: bob.home, ItemQuery(sort: .name)).items
            #expect(restored.first { $0.name == "Kettle" }?.verifiedOn == day && restored.first { $0.name == "Blender" }?.verifiedOn == nil)
            let settings = try await bob.store.checkSettings(householdId: bob.home)
            #expect(settings.lastChecked == day && settings.countsInScore, "the household's check and its setting come along")
        }
    }
}
