import Foundation
import HearthCore
import Logging
import Testing
@testable import HearthStore

@Suite struct WebhookStoreTests {
    let clock = VirtualClock()

    @Test(arguments: Backend.available)
    func eventsAreQueuedOnlyForWebhooksThatWantThem(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let store = WebhookStore(database: database, clock: clock)
            _ = try await store.create(userId: ada.id, url: "https://a.example/all", events: [], sealedSecret: "s1")
            _ = try await store.create(userId: ada.id, url: "https://a.example/alarms", events: [.alarm], sealedSecret: "s2")

            #expect(try await queue(store, database, ada.id, [(.phaseStarted, "{}")]) == 1)
            #expect(try await queue(store, database, ada.id, [(.alarm, "{}")]) == 2)
            let due = try await allDue(store)
            #expect(due.count == 3)
            #expect(Set(due.map(\.url)) == ["https://a.example/all", "https://a.example/alarms"])
        }
    }

    /// Every delivery a server may send now, queue by queue.
    func allDue(_ store: WebhookStore) async throws -> [WebhookStore.DueDelivery] {
        var due: [WebhookStore.DueDelivery] = []
        for webhookId in try await store.queuesDue() { due += try await store.due(webhookId: webhookId) }
        return due
    }

    /// Queues events as a timer change does: in a transaction.
    @discardableResult
    func queue(_ store: WebhookStore, _ database: Database, _ userId: UUID, _ events: [(kind: TimerEvent.Kind, payload: String)]) async throws -> Int {
        try await database.transaction { db in try await store.enqueue(userId: userId, events: events, on: db) }
    }

    /// A user with one webhook and one delivery waiting for it.
    func oneQueuedDelivery(_ database: Database) async throws -> (WebhookStore, User, UUID) {
        let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
        let store = WebhookStore(database: database, clock: clock)
        _ = try await store.create(userId: ada.id, url: "https://a.example/hook", events: [], sealedSecret: "s")
        try await queue(store, database, ada.id, [(.phaseStarted, "{}")])
        return (store, ada, try #require(try await allDue(store).first?.delivery.id))
    }

    @Test(arguments: Backend.available)
    func failedDeliveriesBackOffThenFail(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada, id) = try await oneQueuedDelivery(database)

            for delay in WebhookDelivery.retryDelays {
                try await store.record(id, delivered: false, statusCode: 500, error: "HTTP 500")
                #expect(try await allDue(store).isEmpty)
                clock.advance(by: delay)
                #expect(try await allDue(store).map(\.delivery.id) == [id])
            }
            try await store.record(id, delivered: false, statusCode: nil, error: "connection refused")

            let logged = try #require(try await store.log(userId: ada.id)?.first)
            #expect(logged.status == .failed)
            #expect(logged.attempts == 6)
            #expect(logged.lastError == "connection refused")
            clock.advance(by: 86_400)
            #expect(try await allDue(store).isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func aDeliveredEventIsNotSentAgain(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada, id) = try await oneQueuedDelivery(database)
            try await store.record(id, delivered: true, statusCode: 204, error: nil)
            clock.advance(by: 86_400)
            #expect(try await allDue(store).isEmpty)
            #expect(try await store.log(userId: ada.id)?.first?.status == .delivered)
        }
    }

    @Test(arguments: Backend.available)
    func webhooksAreLimitedAndPrivate(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let eve = try await accounts.register(name: "Eve", email: "eve@example.org", passwordHash: "h")
            let store = WebhookStore(database: database, clock: clock)
            var ids: [UUID] = []
            for index in 0..<WebhookStore.maximumPerUser {
                ids.append(try await store.create(userId: ada.id, url: "https://a.example/\(index)", events: [], sealedSecret: "s").target.webhook.id)
            }
            await #expect(throws: WebhookError.tooMany(maximum: WebhookStore.maximumPerUser)) {
                try await store.create(userId: ada.id, url: "https://a.example/x", events: [], sealedSecret: "s")
            }
            #expect(try await store.webhooks(userId: eve.id).isEmpty)
            #expect(try await store.delete(id: ids[0], userId: eve.id) == false)
            #expect(try await store.delete(id: ids[0], userId: ada.id))
            #expect(try await store.webhooks(userId: ada.id).count == WebhookStore.maximumPerUser - 1)
        }
    }

    @Test(arguments: Backend.available)
    func eachWebhookGetsItsDeliveriesInOrderAndALaterOneWaitsForAnEarlierRetry(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let store = WebhookStore(database: database, clock: clock)
            let hook = try await store.create(userId: ada.id, url: "https://a.example/hook", events: [], sealedSecret: "s")
            try await queue(store, database, ada.id, [(.phaseStarted, "1"), (.paused, "2")])
            try await queue(store, database, ada.id, [(.reset, "3")])

            let due = try await allDue(store)
            #expect(due.map(\.payload) == ["1", "2", "3"])
            #expect(due.map(\.sequence) == [1, 2, 3])
            #expect(Set(due.map(\.delivery.webhookId)) == [hook.target.webhook.id])
            // The first fails: the others wait for its retry instead of overtaking it.
            try await store.record(due[0].delivery.id, delivered: false, statusCode: 503, error: "HTTP 503")
            #expect(try await allDue(store).isEmpty)
            clock.advance(by: WebhookDelivery.retryDelays[0])
            #expect(try await allDue(store).map(\.payload) == ["1", "2", "3"])
        }
    }

    @Test(arguments: Backend.available)
    func aBusyWebhookDoesNotHoldUpTheOthers(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let bob = try await accounts.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
            let store = WebhookStore(database: database, clock: clock)
            let busy = try await store.create(userId: ada.id, url: "https://a.example/busy", events: [], sealedSecret: "s")
            _ = try await store.create(userId: bob.id, url: "https://b.example/quiet", events: [], sealedSecret: "s")
            try await queue(store, database, ada.id, [(.phaseStarted, "a1"), (.paused, "a2"), (.resumed, "a3")])
            try await queue(store, database, bob.id, [(.phaseStarted, "b1")])
            #expect(try await store.queuesDue().count == 2, "each queue is served on its own")
            #expect(try await store.due(webhookId: busy.target.webhook.id, limit: 2).map(\.payload) == ["a1", "a2"])
        }
    }

    @Test(arguments: Backend.available)
    func aWebhookSentAgainWithItsIdIsMadeOnce(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let eve = try await accounts.register(name: "Eve", email: "eve@example.org", passwordHash: "h")
            let store = WebhookStore(database: database, clock: clock)
            let id = UUID()
            let first = try await store.create(id: id, userId: ada.id, url: "https://a.example/hook", events: [], sealedSecret: "first")
            let again = try await store.create(id: id, userId: ada.id, url: "https://a.example/hook", events: [], sealedSecret: "second")
            #expect(first.created && !again.created)
            #expect(again.target.sealedSecret == "first", "the secret made first, which the first answer carried")
            await #expect(throws: WebhookError.idConflict) {
                try await store.create(id: id, userId: eve.id, url: "https://e.example/hook", events: [], sealedSecret: "s")
            }
            #expect(try await store.webhooks(userId: ada.id).count == 1)
        }
    }

    /// Two servers on one PostgreSQL database: a webhook's queue is served by the one that took its
    /// lock, until it gives it back or dies (its connection closes).
    @Test func aQueueIsServedByOneServerAtATimeUntilItsServerDies() async throws {
        try await withTwoServers { first, second in
            let logger = Logger(label: "test")
            let one = try #require(SessionLocks(database: first, logger: logger))
            let other = try #require(SessionLocks(database: second, logger: logger))
            #expect(try await one.take("webhook:a"))
            #expect(try await one.take("webhook:a"), "taken again by its holder")
            #expect(try await !other.take("webhook:a"))
            #expect(try await other.take("webhook:b"), "another queue is free")
            await one.release("webhook:a")
            #expect(try await other.take("webhook:a"), "one release gives it back")
            #expect(await other.holds("webhook:a"))
            // The holder dies: its locks go with its connection.
            await other.close()
            #expect(await !other.holds("webhook:a"))
            #expect(try await one.take("webhook:a"))
            #expect(try await one.take("webhook:b"))
            await one.close()
        }
    }
}
