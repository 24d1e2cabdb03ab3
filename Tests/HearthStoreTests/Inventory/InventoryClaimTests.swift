import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// Claims on both backends: a frozen claim keeps its snapshot and hash whatever happens to its items.
@Suite struct InventoryClaimTests {
    static let fire = Incident(kind: .fire, date: CalendarDate(iso: "2026-11-01")!, description: "Kitchen fire", reference: "PD-77")
    /// A stand-in for SHA-256 that still depends on every byte.
    static let hash: @Sendable (Data) -> String = { data in String(data.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }, radix: 16) }

    @Test(arguments: Backend.available)
    func aFrozenClaimKeepsItsSnapshotAndHashWhenItsItemsChangeOrGo(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let tv = try await inventory.add("Television") {
                $0.roomId = inventory.room("Living room"); $0.brand = "Samsung"; $0.serialNumber = "SN-1"; $0.replacementValue = InventoryFixture.usd(999)
                $0.purchaseDate = CalendarDate(iso: "2024-05-01")
            }
            let chairs = try await inventory.add("Chair") { $0.quantity = 6; $0.purchasePrice = InventoryFixture.usd(80) }
            _ = try await inventory.store.addPhotos([InventoryFixture.file("a")], itemId: tv.id, householdId: inventory.home, place: { _ in })
            let lines = [ClaimLine(itemId: tv.id, quantity: 1), ClaimLine(itemId: chairs.id, quantity: 4)]
            let draft = try await inventory.store.createClaim(id: nil, householdId: inventory.home, incident: Self.fire, lines: lines).claim
            #expect(draft.status == .draft && draft.snapshot == nil && draft.lines == lines)
            let frozen = try await inventory.store.freezeClaim(id: draft.id, householdId: inventory.home, householdName: "Home", hash: Self.hash)
            let snapshot = try #require(frozen.snapshot)
            let json = try #require(frozen.snapshotJSON)
            #expect(frozen.status == .frozen && frozen.sha256 == Self.hash(json))
            #expect(snapshot.lines.map(\.name) == ["Television", "Chair"] && snapshot.lines[0].room == "Living room")
            #expect(snapshot.lines[0].photos.map(\.name) == ["photos/01-television-1.jpg"] && snapshot.lines[0].age(at: Self.fire.date) == 2.5)
            #expect(snapshot.lines[1].total == InventoryFixture.usd(320) && snapshot.totals == [InventoryFixture.usd(1_319)])
            #expect(snapshot.lines[1].missing == [.photo, .room, .category, .receipt, .serialNumber])
            // The TV is edited, the chairs deleted for good: the claim is unchanged.
            _ = try await inventory.store.updateItem(id: tv.id, householdId: inventory.home) { $0.brand = "LG"; $0.replacementValue = nil }
            try await inventory.store.deleteItem(id: chairs.id, householdId: inventory.home)
            try await inventory.store.purgeItem(id: chairs.id, householdId: inventory.home)
            let later = try #require(try await inventory.store.claim(id: draft.id, householdId: inventory.home))
            #expect(later.snapshot == snapshot && later.sha256 == frozen.sha256 && later.lines.count == 2)
            #expect(try await inventory.store.freezeClaim(id: draft.id, householdId: inventory.home, householdName: "Other", hash: Self.hash) == later)
            await #expect(throws: InventoryError.claimFrozen) {
                try await inventory.store.updateClaim(id: draft.id, householdId: inventory.home, incident: Self.fire, lines: nil)
            }
        }
    }

    @Test(arguments: Backend.available)
    func aClaimListsOnlyTheHouseholdsItemsWithAtMostThePiecesEachHas(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            let chairs = try await ada.add("Chair") { $0.quantity = 6 }
            let bobs = try await bob.add("Bike")
            await #expect(throws: InventoryError.claimQuantityTooLarge(name: "Chair", owned: 6)) {
                try await ada.store.createClaim(id: nil, householdId: ada.home, incident: Self.fire, lines: [ClaimLine(itemId: chairs.id, quantity: 7)])
            }
            await #expect(throws: InventoryError.itemNotFound) {
                try await ada.store.createClaim(id: nil, householdId: ada.home, incident: Self.fire, lines: [ClaimLine(itemId: bobs.id, quantity: 1)])
            }
            await #expect(throws: InventoryError.invalidClaimItems) {
                try await ada.store.createClaim(id: nil, householdId: ada.home, incident: Self.fire, lines: [])
            }
            #expect(try await ada.store.claims(householdId: ada.home).isEmpty)
            #expect(try await bob.store.claim(id: UUID(), householdId: bob.home) == nil)
        }
    }

    @Test(arguments: Backend.available)
    func eachLineOfAFrozenClaimGetsItsOutcome(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let tv = try await inventory.add("Television") { $0.replacementValue = InventoryFixture.usd(999) }
            let claim = try await inventory.store.createClaim(id: nil, householdId: inventory.home, incident: Self.fire,
                                                              lines: [ClaimLine(itemId: tv.id, quantity: 1)]).claim
            await #expect(throws: InventoryError.claimNotFrozen) {
                try await inventory.store.setOutcome(claimId: claim.id, itemId: tv.id, householdId: inventory.home, outcome: .submitted, paid: nil)
            }
            _ = try await inventory.store.freezeClaim(id: claim.id, householdId: inventory.home, householdName: "Home", hash: Self.hash)
            await #expect(throws: InventoryError.invalidOutcome) {
                try await inventory.store.setOutcome(claimId: claim.id, itemId: tv.id, householdId: inventory.home, outcome: .paid, paid: nil)
            }
            let paid = try await inventory.store.setOutcome(claimId: claim.id, itemId: tv.id, householdId: inventory.home, outcome: .paid,
                                                           paid: InventoryFixture.usd(850))
            #expect(paid.lines == [ClaimLine(itemId: tv.id, quantity: 1, outcome: .paid, paid: InventoryFixture.usd(850))])
        }
    }

    @Test(arguments: Backend.available)
    func aClaimSentAgainIsCheckedLikeANewOne(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let chairs = try await inventory.add("Chair") { $0.quantity = 6 }
            let id = UUID()
            let first = try await inventory.store.createClaim(id: id, householdId: inventory.home, incident: Self.fire,
                                                              lines: [ClaimLine(itemId: chairs.id, quantity: 4)])
            let again = try await inventory.store.createClaim(id: id, householdId: inventory.home, incident: Self.fire,
                                                              lines: [ClaimLine(itemId: chairs.id, quantity: 4)])
            #expect(first.created && !again.created && again.claim == first.claim)
            await #expect(throws: InventoryError.claimQuantityTooLarge(name: "Chair", owned: 6)) {
                try await inventory.store.createClaim(id: id, householdId: inventory.home, incident: Self.fire,
                                                      lines: [ClaimLine(itemId: chairs.id, quantity: 7)])
            }
            #expect(try await inventory.store.claim(id: id, householdId: inventory.home)?.lines.map(\.quantity) == [4])
        }
    }
}
