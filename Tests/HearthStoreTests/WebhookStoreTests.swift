import Foundation
import HearthCore
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
            let due = try await store.due()
            #expect(due.count == 3)
            #expect(Set(due.map(\.url)) == ["https://a.example/all", "https://a.example/alarms"])
        }
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
        return (store, ada, try #require(try await store.due().first?.delivery.id))
    }

    @Test(arguments: Backend.available)
    func failedDeliveriesBackOffThenFail(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada, id) = try await oneQueuedDelivery(database)

            for delay in WebhookDelivery.retryDelays {
                try await store.record(id, delivered: false, statusCode: 500, error: "HTTP 500")
                #expect(try await store.due().isEmpty)
                clock.advance(by: delay)
                #expect(try await store.due().map(\.delivery.id) == [id])
            }
            try await store.record(id, delivered: false, statusCode: nil, error: "connection refused")

            let logged = try #require(try await store.log(userId: ada.id).first)
            #expect(logged.status == .failed)
            #expect(logged.attempts == 6)
            #expect(logged.lastError == "connection refused")
            clock.advance(by: 86_400)
            #expect(try await store.due().isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func aDeliveredEventIsNotSentAgain(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada, id) = try await oneQueuedDelivery(database)
            try await store.record(id, delivered: true, statusCode: 204, error: nil)
            clock.advance(by: 86_400)
            #expect(try await store.due().isEmpty)
            #expect(try await store.log(userId: ada.id).first?.status == .delivered)
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
                ids.append(try await store.create(userId: ada.id, url: "https://a.example/\(index)", events: [], sealedSecret: "s").id)
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

            let due = try await store.due()
            #expect(due.map(\.payload) == ["1", "2", "3"])
            #expect(due.map(\.sequence) == [1, 2, 3])
            #expect(Set(due.map(\.delivery.webhookId)) == [hook.id])
            // The first fails: the others wait for its retry instead of overtaking it.
            try await store.record(due[0].delivery.id, delivered: false, statusCode: 503, error: "HTTP 503")
            #expect(try await store.due().isEmpty)
            clock.advance(by: WebhookDelivery.retryDelays[0])
            #expect(try await store.due().map(\.payload) == ["1", "2", "3"])
        }
    }

    @Test(arguments: Backend.available)
    func aBusyWebhookDoesNotHoldUpTheOthers(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let accounts = AccountStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let bob = try await accounts.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
            let store = WebhookStore(database: database, clock: clock)
            _ = try await store.create(userId: ada.id, url: "https://a.example/busy", events: [], sealedSecret: "s")
            _ = try await store.create(userId: bob.id, url: "https://b.example/quiet", events: [], sealedSecret: "s")
            try await queue(store, database, ada.id, [(.phaseStarted, "a1"), (.paused, "a2"), (.resumed, "a3")])
            try await queue(store, database, bob.id, [(.phaseStarted, "b1")])
            #expect(try await store.due(perWebhook: 2, limit: 3).map(\.payload).sorted() == ["a1", "a2", "b1"])
        }
    }
}
