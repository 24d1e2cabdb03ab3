import Foundation
import HearthCore
import HearthStore
import Logging
import Testing
@testable import HearthServer

/// What the scheduled lists' Gist backups send: nothing while the lists are what the last backup
/// sent, a new revision once they change.
@Suite struct ListGistScheduleTests {
    @Test func anUnchangedHouseholdSendsNothingAndAChangedOneANewRevision() async throws {
        try await withFakeGitHub { github, base in
            await github.addToken("ghp_ada", login: "ada-gh")
            let clock = VirtualClock()
            let database = try await Database.open(.sqliteMemory, logger: Logger(label: "test"))
            try await database.migrate()
            let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let lists = ListStore(database: database, clock: clock)
            let store = ListGistStore(database: database, clock: clock)
            let gists = ListGistBackups(store: store, inventory: InventoryStore(database: database, clock: clock), secrets: .ephemeral(),
                                        apiURL: base, allowLoopback: true, clock: clock, logger: Logger(label: "test"))
            do {
                let weekly = try await lists.createList(id: nil, householdId: ada.householdId, name: "Weekly", emoji: nil).list
                _ = try await gists.connect(accountId: ada.id, householdId: ada.householdId, token: "ghp_ada", passphrase: "a passphrase of ours",
                                            schedule: .changes)
                // The first scheduled backup makes the gist; the next, with nothing changed, sends nothing.
                #expect(try await store.due().count == 1)
                let first = try await gists.backUp(accountId: ada.id, householdId: ada.householdId, onlyWhenChanged: true)
                let gistId = try #require(first.gistId)
                clock.advance(by: 601)
                #expect(try await store.due().count == 1)
                try await gists.backUp(accountId: ada.id, householdId: ada.householdId, onlyWhenChanged: true)
                #expect(await github.gists[gistId]?.revisions.count == 1)
                // A change: the next one is a new revision.
                _ = try await lists.addItem(id: nil, listId: weekly.id, householdId: ada.householdId, name: "Milk", quantity: nil, note: nil)
                try await gists.backUp(accountId: ada.id, householdId: ada.householdId, onlyWhenChanged: true)
                #expect(await github.gists[gistId]?.revisions.count == 2)
                #expect(try await store.due().isEmpty)  // backed up just now
            } catch {
                try? await database.close()
                throw error
            }
            try await database.close()
        }
    }
}
