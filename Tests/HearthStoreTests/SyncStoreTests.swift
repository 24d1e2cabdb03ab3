import Foundation
import HearthCore
import SQLKit
import Testing
@testable import HearthStore

@Suite struct SyncStoreTests {
    let clock = VirtualClock()

    /// What the account sees from `version` (all of it without one), page after page.
    func feed(_ sync: SyncStore, _ user: User, after version: Int64? = nil, startingAt start: SyncPosition? = nil,
              limit: Int = 1000) async throws -> (entries: [SyncStore.Entry], version: Int64) {
        var entries: [SyncStore.Entry] = [], position = start ?? version.map { SyncPosition(version: $0) }
        while true {
            let page = try await sync.page(householdId: user.householdId, userId: user.id, after: position, limit: limit)
            entries += page.changes
            position = page.next
            if !page.hasMore { return (entries, page.next.version) }
        }
    }

    func page(_ sync: SyncStore, _ user: User, after version: Int64) async throws -> SyncStore.Page {
        try await sync.page(householdId: user.householdId, userId: user.id, after: SyncPosition(version: version), limit: 10)
    }

    func names(_ entries: [SyncStore.Entry]) -> [String] {
        entries.map { "\($0.change.entity.rawValue)\($0.deleted ? " deleted" : "")" }
    }

    @Test(arguments: Backend.available)
    func aNewAccountStartsWithItsSettingsAndTimer(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let (entries, version) = try await feed(SyncStore(database: database), ada)
            #expect(Set(names(entries)) == ["accountSettings", "focusSettings", "timer"])
            #expect(entries.allSatisfy { $0.change.id == ada.id && $0.userId == ada.id })
            #expect(entries.map(\.change.version) == [1, 2, 3] && version == 3)
        }
    }

    @Test(arguments: Backend.available)
    func changesComeInOrderEachEntityOnceAtItsLatest(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let sync = SyncStore(database: database)
            let start = try await feed(sync, ada).version
            let lists = ListStore(database: database, clock: clock)
            let list = try await lists.createList(id: nil, householdId: ada.householdId, name: "Groceries", emoji: nil).list
            let milk = try await lists.addItem(id: nil, listId: list.id, householdId: ada.householdId, name: "Milk", quantity: nil, note: nil).item
            let bread = try await lists.addItem(id: nil, listId: list.id, householdId: ada.householdId, name: "Bread", quantity: nil, note: nil).item
            try await lists.deleteItem(id: milk.id, listId: list.id, householdId: ada.householdId)

            let (entries, version) = try await feed(sync, ada, after: start)
            // The list once (created, then its counts changed), each item once; milk as a deletion.
            #expect(Set(entries.map { "\($0.change.id == milk.id ? "milk" : $0.change.id == bread.id ? "bread" : "list")\($0.deleted ? " deleted" : "")" })
                    == ["list", "bread", "milk deleted"])
            #expect(entries.count == 3 && entries.map(\.change.version) == Array(start + 1...start + 3) && version == start + 3)
            // Nothing new: the same cursor again, and no change.
            let again = try await page(sync, ada, after: version)
            #expect(again.changes.isEmpty && again.next.version == version && !again.hasMore)
        }
    }

    @Test(arguments: Backend.available)
    func aSnapshotLeavesDeletionsOutAndPagesThroughEverything(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database, clock: clock)
            let owner = try await database.sql.raw("SELECT id FROM users").first()?.decode(column: "id", as: UUID.self)
            let ownerId = try #require(owner)
            let ada = try #require(try await AccountStore(database: database, clock: clock).user(id: ownerId))
            var items: [InventoryItem] = []
            for number in 1...7 { items.append(try await inventory.add("Thing \(number)")) }
            try await inventory.store.deleteItem(id: items[0].id, householdId: inventory.home)
            let sync = SyncStore(database: database)

            // Pages until one holds an item; then that item is deleted while the rest is read.
            var entries: [SyncStore.Entry] = [], position: SyncPosition?
            while !entries.contains(where: { $0.change.entity == .inventoryItem }) {
                let page = try await sync.page(householdId: ada.householdId, userId: ada.id, after: position, limit: 3)
                entries += page.changes
                position = page.next
            }
            let seen = try #require(entries.last { $0.change.entity == .inventoryItem })
            try await inventory.store.deleteItem(id: seen.change.id, householdId: inventory.home)
            entries += try await feed(sync, ada, startingAt: position, limit: 3).entries

            // Every item once, but the one deleted before the snapshot began; the one deleted
            // during it comes again as a deletion.
            let itemIds = entries.filter { $0.change.entity == .inventoryItem && !$0.deleted }.map(\.change.id)
            #expect(Set(itemIds) == Set(items.dropFirst().map(\.id)) && itemIds.count == 6)
            #expect(entries.filter(\.deleted).map(\.change.id) == [seen.change.id])
            #expect(entries.filter { $0.change.entity == .room }.count == inventory.rooms.count)
            #expect(entries.filter { $0.change.entity == .category }.count == inventory.categories.count)
            // Versions only grow, and each is there once.
            let versions = entries.map(\.change.version)
            #expect(versions == versions.sorted() && Set(versions).count == versions.count)
        }
    }

    @Test(arguments: Backend.available)
    func anAccountSeesItsOwnFocusOnlyAndTheHouseholdsThings(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let bob = try await accounts.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
            try await database.sql.raw("UPDATE users SET household_id = \(bind: ada.householdId) WHERE id = \(bind: bob.id)").run()
            let sync = SyncStore(database: database)
            let adas = try await feed(sync, ada).entries
            #expect(adas.allSatisfy { $0.userId == nil || $0.userId == ada.id })
            let movedBob = try #require(try await accounts.user(id: bob.id))
            let bobs = try await feed(sync, movedBob).entries
            // Bob's things followed him into Ada's household.
            #expect(Set(bobs.filter { $0.userId == bob.id }.map(\.change.entity)) == [.accountSettings, .focusSettings, .timer])
            #expect(bobs.allSatisfy { $0.userId == nil || $0.userId == bob.id })
        }
    }

    @Test(arguments: Backend.available)
    func aCursorPastForgottenDeletionsOrNewerThanTheDataStartsOver(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let sync = SyncStore(database: database)
            let lists = ListStore(database: database, clock: clock)
            let before = try await feed(sync, ada).version
            let list = try await lists.createList(id: nil, householdId: ada.householdId, name: "Groceries", emoji: nil).list
            let item = try await lists.addItem(id: nil, listId: list.id, householdId: ada.householdId, name: "Milk", quantity: nil, note: nil).item
            try await lists.deleteItem(id: item.id, listId: list.id, householdId: ada.householdId)
            let after = try await feed(sync, ada).version

            try await sync.forgetDeletions(householdId: ada.householdId, before: Date() + 60)
            await #expect(throws: SyncError.self) { try await page(sync, ada, after: before) }
            // A cursor that had the deletion already goes on; one from the future starts over.
            #expect(try await page(sync, ada, after: after).changes.isEmpty)
            await #expect(throws: SyncError.self) { try await page(sync, ada, after: after + 1) }
        }
    }

    @Test(arguments: Backend.available)
    func theHourlySweepStampsForgetsOldDeletionsAndDropsGoneHouseholds(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let lists = ListStore(database: database, clock: clock)
            let list = try await lists.createList(id: nil, householdId: ada.householdId, name: "Groceries", emoji: nil).list
            let milk = try await lists.addItem(id: nil, listId: list.id, householdId: ada.householdId, name: "Milk", quantity: nil, note: nil).item
            // The deletion is stamped with the database's time, somewhere between these two.
            let deleting = Date()
            try await lists.deleteItem(id: milk.id, listId: list.id, householdId: ada.householdId)
            let deleted = Date()
            let sync = SyncStore(database: database)

            // Stamped by the sweep, with nothing left noted; the deletion kept 30 days.
            try await sync.sweep(now: Date())
            #expect(try await database.sql.raw("SELECT COUNT(*) AS n FROM sync_pending").first()?.decode(column: "n", as: Int.self) == 0)
            let head = try await sync.head(householdId: ada.householdId)
            #expect(head.version == 5 && head.forgotten == 0)
            try await sync.sweep(now: deleting + SyncRules.tombstonesKept - 60)
            #expect(try await sync.head(householdId: ada.householdId).forgotten == 0)
            // A day later it is forgotten, and a cursor from before it starts over.
            try await sync.sweep(now: deleted + SyncRules.tombstonesKept + 86_400)
            #expect(try await sync.head(householdId: ada.householdId).forgotten == 5)
            await #expect(throws: SyncError.self) { try await page(sync, ada, after: 3) }

            // A household that is gone leaves nothing behind.
            try await accounts.deleteUser(id: ada.id)
            try await sync.sweep(now: Date())
            for table in ["sync_pending", "sync_changes", "sync_heads"] {
                #expect(try await database.sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table)").first()?.decode(column: "n", as: Int.self) == 0)
            }
        }
    }

    @Test(arguments: Backend.available)
    func aGreatManyChangesAreStampedInBatchesEachOnce(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let sync = SyncStore(database: database)
            let start = try await feed(sync, ada).version
            let count = SyncStore.stampBatch + 100
            let sessions = (0..<count).map { index in
                FocusSession(id: UUID(), kind: .focus, startedAt: clock.now - Double(index * 2000 + 1500), endedAt: clock.now - Double(index * 2000),
                             plannedSeconds: 1500, actualSeconds: 1500, skipped: false, label: nil)
            }
            try await FocusStore(database: database, clock: clock).insertSessions(sessions, userId: ada.id, timeZone: .gmt)

            let entries = try await feed(sync, ada, after: start, limit: 1000).entries
            #expect(Set(entries.filter { $0.change.entity == .focusSession }.map(\.change.id)) == Set(sessions.map(\.id)))
            #expect(entries.filter { $0.change.entity == .timer }.count == 1)
            #expect(entries.count == count + 1 && Set(entries.map(\.change.version)).count == entries.count)
        }
    }

    @Test(arguments: Backend.available)
    func whatShowsAnItemChangesWithIt(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database, clock: clock)
            let owner = try await database.sql.raw("SELECT id FROM users").first()?.decode(column: "id", as: UUID.self)
            let ownerId = try #require(owner)
            let ada = try #require(try await AccountStore(database: database, clock: clock).user(id: ownerId))
            let kitchen = inventory.room("Kitchen")
            let kettle = try await inventory.add("Kettle") { $0.roomId = kitchen }
            let claim = try await inventory.store.createClaim(id: nil, householdId: inventory.home, incident: InventoryClaimTests.fire,
                                                              lines: [ClaimLine(itemId: kettle.id, quantity: 1)]).claim
            let photo = try await inventory.store.addPhotos([InventoryFixture.file("k")], itemId: kettle.id, householdId: inventory.home,
                                                            place: { _ in }).first
            let sync = SyncStore(database: database)
            let start = try await feed(sync, ada).version
            func changed() async throws -> Set<String> {
                let entries = try await feed(sync, ada, after: start).entries
                return Set(entries.map { "\($0.change.entity.rawValue) \($0.change.id == kitchen ? "kitchen" : $0.change.id == claim.id ? "claim" : $0.change.id == kettle.id ? "kettle" : "photo")\($0.deleted ? " deleted" : "")" })
            }

            // A renamed item: its draft claim shows the new name. Moved to another room: both rooms' counts.
            _ = try await inventory.store.updateItem(id: kettle.id, householdId: inventory.home) { $0.name = "Electric kettle" }
            #expect(try await changed() == ["inventoryItem kettle", "claim claim"])
            _ = try await inventory.store.updateItem(id: kettle.id, householdId: inventory.home) { $0.roomId = inventory.room("Garage") }
            #expect(try await changed().contains("room kitchen"))
            // In Recently deleted: the item, its photo and its room's count; purged: the claim says so.
            try await inventory.store.deleteItem(id: kettle.id, householdId: inventory.home)
            let deleted = try await changed()
            #expect(deleted.isSuperset(of: ["inventoryItem kettle deleted", "photo photo deleted"]) && photo != nil)
            _ = try await inventory.store.purgeItem(id: kettle.id, householdId: inventory.home)
            #expect(try await changed().contains("claim claim"))
        }
    }

    @Test(arguments: Backend.available)
    func aRestoreIsInTheFeedThoughItsTriggersAreQuiet(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database, clock: clock)
            let owner = try await database.sql.raw("SELECT id FROM users").first()?.decode(column: "id", as: UUID.self)
            let ownerId = try #require(owner)
            let ada = try #require(try await AccountStore(database: database, clock: clock).user(id: ownerId))
            let kettle = try await inventory.add("Kettle")
            let backup = try await inventory.store.backup(householdId: inventory.home, appVersion: "test")
            let sync = SyncStore(database: database)
            let start = try await feed(sync, ada).version

            // A toaster the backup does not have; a replace takes it away and renames nothing back.
            let toaster = try await inventory.add("Toaster")
            _ = try await inventory.store.updateItem(id: kettle.id, householdId: inventory.home) { $0.name = "Old kettle" }
            let notedBefore = try await pending(on: database)
            _ = try await inventory.store.restore(backup, householdId: inventory.home, strategy: .replace, archiveFiles: Set(backup.files.map(\.sha256)),
                                                  place: { _ in }, dryRun: false)
            // The restore noted the two items there before it, and left what it wrote to the next stamp: one mark.
            let notedAfter = try await pending(on: database)
            #expect(notedAfter["inventoryItem"] == (notedBefore["inventoryItem"] ?? 0) + 2)
            #expect(notedAfter["everything"] == 1)
            let entries = try await feed(sync, ada, after: start).entries
            #expect(entries.contains { $0.change.id == toaster.id && $0.deleted })
            #expect(entries.contains { $0.change.id == kettle.id && !$0.deleted })

            // Quiet ended with the restore: the next change is noted by its trigger.
            let lamp = try await inventory.add("Lamp")
            #expect(try await feed(sync, ada, after: start).entries.contains { $0.change.id == lamp.id })
            #expect(try await database.sql.raw("SELECT COUNT(*) AS n FROM sync_pending").first()?.decode(column: "n", as: Int.self) == 0)
        }
    }

    /// How many notes wait for a stamp, by entity.
    private func pending(on database: Database) async throws -> [String: Int] {
        try await database.sql.raw("SELECT entity, COUNT(*) AS n FROM sync_pending GROUP BY entity").all()
            .reduce(into: [:]) { $0[try $1.decode(column: "entity", as: String.self)] = try $1.decode(column: "n", as: Int.self) }
    }

    /// PostgreSQL runs writers side by side; SQLite one at a time, so nothing there commits late.
    @Test(arguments: Backend.available.filter { $0 == .postgres })
    func aChangeThatCommitsAfterALaterOneIsNotSkipped(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let sync = SyncStore(database: database)
            let start = try await feed(sync, ada).version
            let late = UUID()
            let (began, beginning) = AsyncStream.makeStream(of: Void.self)
            let (release, releasing) = AsyncStream.makeStream(of: Void.self)
            // A list written first, in a transaction that stays open…
            async let writer: Void = database.transaction { db in
                try await db.raw("""
                    INSERT INTO shopping_lists (id, household_id, name, position, created_at, updated_at)
                    VALUES (\(bind: late), \(bind: ada.householdId), 'Late', 9, now(), now())
                    """).run()
                beginning.yield()
                for await _ in release { break }
            }
            for await _ in began { break }
            // …while another list commits and the feed is read past it.
            let early = try await ListStore(database: database, clock: clock).createList(id: nil, householdId: ada.householdId, name: "Early", emoji: nil).list
            let first = try await feed(sync, ada, after: start)
            #expect(first.entries.map(\.change.id) == [early.id])

            releasing.yield()
            try await writer
            let second = try await feed(sync, ada, after: first.version)
            #expect(second.entries.map(\.change.id) == [late])
        }
    }

    @Test(arguments: Backend.available)
    func whatAnOlderReleaseSavedIsInTheFirstSnapshot(backend: Backend) async throws {
        try await withDatabase(backend, through: 40) { database in
            // A database as release 40 left it, with an account, a list and an item.
            let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let lists = ListStore(database: database, clock: clock)
            let list = try await lists.createList(id: nil, householdId: ada.householdId, name: "Groceries", emoji: nil).list
            let milk = try await lists.addItem(id: nil, listId: list.id, householdId: ada.householdId, name: "Milk", quantity: nil, note: nil).item

            #expect(try await database.migrate() == [41])
            let entries = try await feed(SyncStore(database: database), ada).entries
            #expect(Set(entries.map(\.change.id)) == [ada.id, list.id, milk.id])
            #expect(Set(names(entries)) == ["accountSettings", "focusSettings", "timer", "list", "listItem"])
        }
    }
}
