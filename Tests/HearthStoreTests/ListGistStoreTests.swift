import Foundation
import SQLKit
import HearthCore
import Testing
@testable import HearthStore

/// The lists' Gist backups kept per account and household, and which are due, on both databases.
@Suite struct ListGistStoreTests {
    let clock = VirtualClock()

    @Test(arguments: Backend.available)
    func aBackupIsDueByItsScheduleUnlessStoppedOrToldToWait(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let eve = try await accounts.register(name: "Eve", email: "eve@example.org", passwordHash: "h")
            let store = ListGistStore(database: database, clock: clock)
            try await store.connect(accountId: ada.id, householdId: ada.householdId, token: "sealed-t", passphrase: "sealed-p", login: "ada-gh",
                                    schedule: .changes)
            try await store.connect(accountId: eve.id, householdId: eve.householdId, token: "sealed-e", passphrase: "sealed-q", login: "eve-gh",
                                    schedule: .manual)
            // Never backed up: due (but a manual schedule never is).
            #expect(try await store.due().map(\.backup.accountId) == [ada.id])
            let found = try #require(try await store.find(accountId: ada.id, householdId: ada.householdId))
            #expect(found.token == "sealed-t" && found.passphrase == "sealed-p" && found.backup.login == "ada-gh" && found.backup.gistId == nil)

            try await store.recordBackup(accountId: ada.id, householdId: ada.householdId, gistId: "g1", digest: "d1")
            #expect(try await store.due().isEmpty)
            clock.advance(by: 601)
            #expect(try await store.due().first?.contentDigest == "d1")

            // Told to wait by GitHub: not due until then; a refused token: never again.
            try await store.recordFailure(accountId: ada.id, householdId: ada.householdId, error: "rate limit", stop: false, waitUntil: clock.now + 300)
            #expect(try await store.due().isEmpty)
            clock.advance(by: 301)
            #expect(try await store.due().map(\.backup.error) == ["rate limit"])
            try await store.recordFailure(accountId: ada.id, householdId: ada.householdId, error: "Bad credentials", stop: true, waitUntil: nil)
            #expect(try await store.due().isEmpty)

            // Connected again with the same login: the same gist, going again; another login starts over.
            try await store.connect(accountId: ada.id, householdId: ada.householdId, token: "t2", passphrase: "p2", login: "ada-gh", schedule: .nightly)
            let again = try #require(try await store.find(accountId: ada.id, householdId: ada.householdId))
            #expect(again.backup.gistId == "g1" && !again.backup.stopped && again.backup.error == nil && again.backup.schedule == .nightly)
            #expect(try await store.due().isEmpty)  // nightly: 23 hours after the last backup
            clock.advance(by: 23 * 3600)
            #expect(try await store.due().count == 1)
            try await store.connect(accountId: ada.id, householdId: ada.householdId, token: "t3", passphrase: "p3", login: "other", schedule: .changes)
            #expect(try await store.find(accountId: ada.id, householdId: ada.householdId)?.backup.gistId == nil)

            // An account that left the household no longer backs its lists up.
            try await database.sql.update("users").set("household_id", to: eve.householdId).where("id", .equal, ada.id).run()
            #expect(try await store.due().isEmpty)
            try await store.disconnect(accountId: ada.id, householdId: ada.householdId)
            #expect(try await store.find(accountId: ada.id, householdId: ada.householdId) == nil)
        }
    }
}
