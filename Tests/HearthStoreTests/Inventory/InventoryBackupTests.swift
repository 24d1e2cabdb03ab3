import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// The seed's reconciliation table, row by row, on both backends; and a backup round trip.
@Suite struct InventoryBackupTests {
    /// A household with a TV (photos, tags, a linked receipt) in the living room, a deleted lamp,
    /// and a room people added.
    static func furnished(_ inventory: InventoryFixture) async throws -> (tv: InventoryItem, receipt: Receipt) {
        let studio = try await inventory.store.createGroup(.room, id: nil, householdId: inventory.home, name: "Studio", icon: "🎨").group
        let tv = try await inventory.add("Television") {
            $0.roomId = inventory.room("Living room"); $0.categoryId = inventory.category("Electronics")
            $0.brand = "Samsung"; $0.serialNumber = "SN-1"; $0.purchasePrice = InventoryFixture.usd(899); $0.tags = ["4K", "Wall"]
            $0.purchaseDate = CalendarDate(iso: "2025-03-14"); $0.warranty = .months(24); $0.condition = .likeNew
        }
        _ = try await inventory.store.addPhotos([InventoryFixture.file("a"), InventoryFixture.file("b")], itemId: tv.id, householdId: inventory.home, place: { _ in })
        let lamp = try await inventory.add("Lamp") { $0.roomId = studio.id }
        try await inventory.store.deleteItem(id: lamp.id, householdId: inventory.home)
        let receipt = try await inventory.store.createReceipt(id: nil, householdId: inventory.home, image: nil,
                                                              fields: ReceiptFields(vendor: "Best Buy", total: InventoryFixture.usd(949))).receipt
        _ = try await inventory.store.linkReceipt(id: receipt.id, itemId: tv.id, householdId: inventory.home, line: nil, fill: .none)
        return (try #require(try await inventory.store.item(id: tv.id, householdId: inventory.home)), receipt)
    }

    static let loopA = UUID(), loopB = UUID()
    static let allFiles: Set<String> = [InventoryFixture.file("a").sha256, InventoryFixture.file("b").sha256]

    @Test(arguments: Backend.available)
    func aBackupRestoredIntoAnotherHouseholdGivesTheSameInventory(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            _ = try await Self.furnished(ada)
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            #expect(backup.items.count == 2 && backup.receipts.count == 1 && backup.rooms.contains { $0.name == "Studio" })
            // Bob's fresh household: every id is Ada's, so everything is added under new ids.
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            let outcome = try await bob.store.restore(backup, householdId: bob.home, strategy: .merge, archiveFiles: Self.allFiles, place: { _ in }, dryRun: false)
            #expect(outcome.summary.items == .init(added: 2) && outcome.summary.receipts == .init(added: 1) && outcome.summary.photos == .init(added: 2))
            #expect(outcome.summary.rooms == .init(added: 1, skipped: 12) && outcome.summary.warnings.isEmpty)
            let again = try await bob.store.backup(householdId: bob.home, appVersion: "test")
            #expect(Self.comparable(again) == Self.comparable(backup))
            #expect(try await bob.store.items(householdId: bob.home, ItemQuery(text: "sams")).items.map(\.name) == ["Television"])
            // Found by its receipt's text too, and counted with it.
            let found = try await bob.store.items(householdId: bob.home, ItemQuery(text: "best buy")).items
            #expect(found.map(\.name) == ["Television"] && found.first?.receiptCount == 1)
        }
    }

    @Test
    func aBackupMadeOnSQLiteRestoresTheSameOnPostgreSQL() async throws {
        guard Backend.available.contains(.postgres) else { return }
        let backup = try await withDatabase(.sqlite) { database in
            let ada = try await InventoryFixture.make(database)
            _ = try await Self.furnished(ada)
            return try await ada.store.backup(householdId: ada.home, appVersion: "test")
        }
        try await withDatabase(.postgres) { database in
            let fresh = try await InventoryFixture.make(database)
            _ = try await fresh.store.restore(backup, householdId: fresh.home, strategy: .replace, archiveFiles: Self.allFiles, place: { _ in }, dryRun: false)
            let restored = try await fresh.store.backup(householdId: fresh.home, appVersion: "test")
            // Same ids too: nobody on the new server holds them.
            #expect(restored.items.map(\.id) == backup.items.map(\.id) && Self.comparable(restored) == Self.comparable(backup))
            let tv = try #require(try await fresh.store.item(id: backup.items[0].id, householdId: fresh.home))
            #expect(tv.photoCount == 2 && tv.receiptCount == 1 && tv.primaryPhotoId == backup.items[0].photos[0].id && tv.tags == ["4K", "Wall"])
        }
    }

    @Test(arguments: Backend.available)
    func mergeUpdatesAGroupOfTheSameNameAndKeepsItsId(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            var backup = try await inventory.store.backup(householdId: inventory.home, appVersion: "test")
            let kitchen = inventory.room("Kitchen")
            backup.rooms = [.init(id: UUID(), name: "KITCHEN", icon: "🔪", position: 3, isDefault: false)]
            let outcome = try await inventory.store.restore(backup, householdId: inventory.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            #expect(outcome.summary.rooms == .init(updated: 1))
            let room = try #require(try await inventory.store.group(.room, id: kitchen, householdId: inventory.home))
            #expect(room.icon == "🔪" && room.name == "KITCHEN")
        }
    }

    @Test(arguments: Backend.available)
    func coloursAndMissingPhotosComeBackAndABackupWithoutColoursKeepsTheHouseholds(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let kitchen = inventory.room("Kitchen")
            _ = try await inventory.store.updateGroup(.room, id: kitchen, householdId: inventory.home, name: nil, icon: nil, color: .some("#10b981"), position: nil)
            var backup = try await inventory.store.backup(householdId: inventory.home, appVersion: "test")
            #expect(backup.rooms.first { $0.id == kitchen }?.color == "#10B981")
            // A backup made before groups had colours: merging it keeps the household's.
            for index in backup.rooms.indices { backup.rooms[index].color = nil }
            var vase = HouseholdBackup.Item(id: UUID(), name: "Vase", createdAt: inventory.clock.now, updatedAt: inventory.clock.now)
            vase.missingPhotos = 3
            backup.items = [vase]
            _ = try await inventory.store.restore(backup, householdId: inventory.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            #expect(try await inventory.store.group(.room, id: kitchen, householdId: inventory.home)?.color == "#10B981")
            #expect(try await inventory.store.item(id: vase.id, householdId: inventory.home)?.missingPhotos == 3)
            #expect(try await inventory.store.backup(householdId: inventory.home, appVersion: "test").items.first?.missingPhotos == 3)
            await #expect(throws: InventoryError.invalidColor("teal")) {
                try await inventory.store.updateGroup(.room, id: kitchen, householdId: inventory.home, name: nil, icon: nil, color: .some("teal"), position: nil)
            }
        }
    }

    @Test(arguments: Backend.available)
    func whereAnItemIsKeptAndWhetherItWasSoldComeBackUnderNewIds(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let bag = try await ada.add("Camera bag")
            let lens = try await ada.add("Lens") { $0.containerId = bag.id }
            _ = try await ada.add("Old bike") { $0.disposition = .sold }
            await #expect(throws: InventoryError.containerLoop) {
                try await ada.store.updateItem(id: bag.id, householdId: ada.home) { $0.containerId = lens.id }
            }
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            // Bob's household: every id is Ada's, so the items get new ones, and the link follows them.
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            _ = try await bob.store.restore(backup, householdId: bob.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            let restored = try await bob.store.allItems(householdId: bob.home, ItemQuery(status: .all))
            let bobsBag = try #require(restored.first { $0.name == "Camera bag" }), bobsLens = try #require(restored.first { $0.name == "Lens" })
            #expect(bobsBag.id != bag.id && bobsLens.containerId == bobsBag.id)
            #expect(restored.first { $0.name == "Old bike" }?.disposition == .sold)
            #expect(try await bob.store.summary(householdId: bob.home, today: CalendarDate(iso: "2026-11-27")!).itemCount == 2)
            #expect(try await bob.store.contents(of: bobsBag.id, householdId: bob.home).map(\.name) == ["Lens"])
            // "Add another like this" of a sold item is one the household owns.
            let bike = try #require(restored.first { $0.name == "Old bike" })
            #expect(try await bob.store.duplicateItem(id: bike.id, newId: nil, householdId: bob.home).item.disposition == nil)
            // A damaged backup that keeps two items in each other keeps neither in the other.
            var looped = backup
            looped.items = backup.items.map { item in
                var item = item
                item.id = item.name == "Camera bag" ? Self.loopA : item.name == "Lens" ? Self.loopB : UUID()
                item.containerId = item.name == "Camera bag" ? Self.loopB : item.name == "Lens" ? Self.loopA : nil
                return item
            }
            let carol = try await InventoryFixture.make(database, email: "carol@example.org", clock: ada.clock)
            let outcome = try await carol.store.restore(looped, householdId: carol.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            #expect(outcome.summary.warnings.filter { $0.contains("inside itself") }.count == 2)
            #expect(try await carol.store.allItems(householdId: carol.home, ItemQuery(status: .all)).allSatisfy { $0.containerId == nil })
        }
    }

    @Test(arguments: Backend.available)
    func mergeSkipsItemsAndReceiptsWhoseIdTheHouseholdHas(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let (tv, _) = try await Self.furnished(inventory)
            let backup = try await inventory.store.backup(householdId: inventory.home, appVersion: "test")
            _ = try await inventory.store.updateItem(id: tv.id, householdId: inventory.home) { $0.brand = "LG" }
            let outcome = try await inventory.store.restore(backup, householdId: inventory.home, strategy: .merge, archiveFiles: Self.allFiles, place: { _ in }, dryRun: false)
            #expect(outcome.summary.items == .init(skipped: 2) && outcome.summary.receipts == .init(skipped: 1))
            // The edit made after the backup stays; nothing was duplicated.
            #expect(try await inventory.store.item(id: tv.id, householdId: inventory.home)?.brand == "LG")
            #expect(try await inventory.store.items(householdId: inventory.home, ItemQuery()).items.count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func replaceClearsTheInventoryAndKeepsTheDefaultGroups(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let (tv, receipt) = try await Self.furnished(inventory)
            let backup = try await inventory.store.backup(householdId: inventory.home, appVersion: "test")
            // After the backup: the TV is edited, a new item and a new room are added.
            _ = try await inventory.store.updateItem(id: tv.id, householdId: inventory.home) { $0.brand = "LG" }
            try await inventory.add("Bike")
            _ = try await inventory.store.createGroup(.category, id: nil, householdId: inventory.home, name: "Bikes", icon: nil)
            let preview = try await inventory.store.restore(backup, householdId: inventory.home, strategy: .replace, archiveFiles: Self.allFiles, place: { _ in }, dryRun: true)
            #expect(preview.summary.items == .init(added: 2, removed: 3) && preview.summary.categories.removed == 1)
            let outcome = try await inventory.store.restore(backup, householdId: inventory.home, strategy: .replace, archiveFiles: Self.allFiles, place: { _ in }, dryRun: false)
            #expect(outcome.summary == preview.summary && outcome.releasedFiles.sorted() == Self.allFiles.sorted())
            // The backup's TV (same id, its brand), its receipt; the bike and the Bikes category are gone.
            #expect(try await inventory.store.item(id: tv.id, householdId: inventory.home)?.brand == "Samsung")
            #expect(try await inventory.store.receipt(id: receipt.id, householdId: inventory.home)?.itemIds == [tv.id])
            #expect(try await inventory.store.items(householdId: inventory.home, ItemQuery()).items.map(\.name) == ["Television"])
            let categories = try await inventory.store.groups(.category, householdId: inventory.home).map(\.name)
            #expect(!categories.contains("Bikes") && categories.count == 12)
            #expect(try await inventory.store.groups(.room, householdId: inventory.home).contains { $0.name == "Studio" })
        }
    }

    @Test(arguments: Backend.available)
    func aMissingRelationshipIsLinkedByNameAndAPhotoWithoutItsFileIsLeftOut(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let (tv, _) = try await Self.furnished(inventory)
            var backup = try await inventory.store.backup(householdId: inventory.home, appVersion: "test")
            backup.rooms = []
            backup.categories = []
            backup.items = backup.items.filter { $0.id == tv.id }
            backup.items[0].id = UUID()
            backup.items[0].categoryName = "Gadgets"
            backup.receipts = []
            // Eve's household names neither photo file: only the one in the archive can be used.
            let eve = try await InventoryFixture.make(database, email: "eve@example.org")
            let outcome = try await eve.store.restore(backup, householdId: eve.home, strategy: .merge,
                                                      archiveFiles: [InventoryFixture.file("a").sha256], place: { _ in }, dryRun: false)
            let restored = try #require(try await eve.store.item(id: backup.items[0].id, householdId: eve.home))
            // The room by its name; the category the household lacked is made; one photo had no file.
            #expect(restored.roomId == eve.room("Living room") && restored.photoCount == 1)
            let gadgets = try await eve.store.groups(.category, householdId: eve.home).first { $0.name == "Gadgets" }
            #expect(restored.categoryId == gadgets?.id && outcome.summary.categories.added == 1)
            #expect(outcome.summary.photos == .init(added: 1, skipped: 1) && outcome.summary.warnings.count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func aBackupWithABadRecordChangesNothing(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            _ = try await Self.furnished(inventory)
            var backup = try await inventory.store.backup(householdId: inventory.home, appVersion: "test")
            backup.items[1].id = UUID()
            backup.items[1].quantity = 0
            await #expect(throws: BackupError.self) {
                try await inventory.store.restore(backup, householdId: inventory.home, strategy: .replace, archiveFiles: Self.allFiles, place: { _ in }, dryRun: false)
            }
            backup.items[1].quantity = 1
            backup.formatVersion = 2
            await #expect(throws: BackupError.unsupportedFormat(2)) {
                try await inventory.store.restore(backup, householdId: inventory.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            }
            #expect(try await inventory.store.items(householdId: inventory.home, ItemQuery()).items.map(\.name) == ["Television"])
            #expect(try await inventory.store.deletedItems(householdId: inventory.home).map(\.name) == ["Lamp"])
        }
    }

    static let zero = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!

    @Test(arguments: Backend.available)
    func listsAndEachMembersFocusHistoryComeBackAndGoOnlyToTheSameEmail(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let lists = ListStore(database: database, clock: ada.clock)
            let groceries = try await lists.createList(id: nil, householdId: ada.home, name: "Groceries", emoji: "🛒").list
            _ = try await lists.addItem(id: nil, listId: groceries.id, householdId: ada.home, name: "Milk", quantity: nil, note: "oat")
            let userId = try #require(try await AccountStore(database: database, clock: ada.clock).members(householdId: ada.home).first?.id)
            var settings = FocusSettings()
            settings.focusSeconds = 50 * 60
            try await FocusStore(database: database, clock: ada.clock).saveSettings(settings, userId: userId)
            let session = FocusSession(id: UUID(), kind: .focus, startedAt: ada.clock.now - 1500, endedAt: ada.clock.now, plannedSeconds: 1500,
                                       actualSeconds: 1500, skipped: false, label: "Taxes")
            try await FocusStore.insert(session, userId: userId, timeZone: .gmt, on: database.sql)
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            #expect(backup.lists?.first?.items.map(\.name) == ["Milk"] && backup.members?.first?.sessions == [session])
            #expect(backup.members?.first?.focusSettings?.focusSeconds == 3000)
            // Bob's household gets the lists; Ada's Focus history has no member there.
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            let merged = try await bob.store.restore(backup, householdId: bob.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            #expect(merged.summary.lists == .init(added: 1) && merged.summary.sessions == .init(skipped: 1) && merged.summary.warnings.count == 1)
            #expect(try await lists.lists(householdId: bob.home).map(\.list.name) == ["Groceries"])
            // Ada replaces after deleting the list for good: it is back; her session was never gone.
            try await lists.deleteList(id: groceries.id, householdId: ada.home)
            try await lists.purgeList(id: groceries.id, householdId: ada.home)
            let replaced = try await ada.store.restore(backup, householdId: ada.home, strategy: .replace, archiveFiles: [], place: { _ in }, dryRun: false)
            #expect(replaced.summary.lists == .init(added: 1) && replaced.summary.sessions == .init(skipped: 1))
            #expect(try await lists.list(id: groceries.id, householdId: ada.home)?.name == "Groceries")
            let items = try await lists.items(listId: groceries.id, householdId: ada.home)
            #expect(items.map(\.name) == ["Milk"] && items.first?.note == "oat")
        }
    }

    /// An edited backup's amounts are read as typing would be; one that is no number is left out.
    /// The restore also forgets the list pages the server remembered.
    @Test(arguments: Backend.available)
    func restoredQuantitiesAreWrittenAsTheListWritesThem(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let lists = ListStore(database: database, clock: ada.clock)
            let groceries = try await lists.createList(id: nil, householdId: ada.home, name: "Groceries", emoji: nil).list
            _ = try await lists.addItem(id: nil, listId: groceries.id, householdId: ada.home, name: "Milk", quantity: try Quantity(parsing: "2 l"), note: nil)
            var backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            let milk = try #require(backup.lists?.first?.items.first)
            backup.lists?[0].items = [("Milk", "1,50"), ("Eggs", " 6"), ("Flour", "lots")].map { name, amount in
                var item = milk
                item.id = UUID()
                item.name = name
                item.quantityAmount = amount
                return item
            }
            let key = ListPageKey(householdId: ada.home, request: "page")
            database.listPages.store([1], for: key, at: ada.clock.now, generation: database.listPages.generation)
            _ = try await ada.store.restore(backup, householdId: ada.home, strategy: .replace, archiveFiles: [], place: { _ in }, dryRun: false)
            #expect(database.listPages.value(for: key, at: ada.clock.now) == nil)
            let items = try await lists.items(listId: groceries.id, householdId: ada.home)
            let quantities = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.quantity?.description ?? "none") })
            #expect(quantities == ["Milk": "1.5 l", "Eggs": "6 l", "Flour": "none"])
        }
    }

    @Test(arguments: Backend.available)
    func aFrozenClaimIsRestoredAsFrozenWithItsLinesFollowingTheirItems(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let (tv, _) = try await Self.furnished(ada)
            let fire = Incident(kind: .fire, date: CalendarDate(iso: "2026-11-01")!)
            let claim = try await ada.store.createClaim(id: nil, householdId: ada.home, incident: fire, lines: [ClaimLine(itemId: tv.id, quantity: 1)]).claim
            let frozen = try await ada.store.freezeClaim(id: claim.id, householdId: ada.home, householdName: "Home", hash: InventoryClaimTests.hash)
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            #expect(backup.claims?.first?.snapshot.map { Data($0.utf8) } == frozen.snapshotJSON)
            // In Bob's household the TV and the claim get new ids; the line follows the TV.
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            let outcome = try await bob.store.restore(backup, householdId: bob.home, strategy: .merge, archiveFiles: Self.allFiles, place: { _ in }, dryRun: false)
            #expect(outcome.summary.claims == .init(added: 1))
            let restored = try #require(try await bob.store.claims(householdId: bob.home).first)
            let bobsTV = try #require(try await bob.store.items(householdId: bob.home, ItemQuery(text: "television")).items.first)
            #expect(restored.id != claim.id && restored.status == .frozen && restored.sha256 == frozen.sha256)
            #expect(restored.snapshotJSON == frozen.snapshotJSON && restored.lines.map(\.itemId) == [bobsTV.id])
            // Replacing Ada's own inventory keeps the claim once, as it was.
            let replaced = try await ada.store.restore(backup, householdId: ada.home, strategy: .replace, archiveFiles: Self.allFiles, place: { _ in }, dryRun: false)
            #expect(replaced.summary.claims == .init(added: 1, removed: 1))
            #expect(try await ada.store.claims(householdId: ada.home).map(\.sha256) == [frozen.sha256])
        }
    }

    /// A backup without what differs between two households holding the same things: ids, dates of the export.
    static func comparable(_ backup: HouseholdBackup) -> String {
        var copy = backup
        copy.exportDate = .distantPast
        copy.household.name = ""
        copy.members = nil // each household has its own members
        let rooms = Dictionary(uniqueKeysWithValues: copy.rooms.map { ($0.id, $0.name) })
        for index in copy.rooms.indices { copy.rooms[index].id = Self.zero }
        for index in copy.categories.indices { copy.categories[index].id = Self.zero }
        for index in copy.items.indices {
            copy.items[index].id = Self.zero
            #expect(copy.items[index].roomId.flatMap { rooms[$0] } == copy.items[index].roomName)
            copy.items[index].roomId = nil
            copy.items[index].categoryId = nil
            for photo in copy.items[index].photos.indices { copy.items[index].photos[photo].id = Self.zero }
        }
        for index in copy.receipts.indices {
            copy.receipts[index].id = Self.zero
            copy.receipts[index].itemIds = copy.receipts[index].itemIds.map { _ in Self.zero }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try! encoder.encode(copy), as: UTF8.self)
    }
}
