import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite struct PushStoreTests {
    let clock = VirtualClock()

    func message(_ kind: PushNotification.Kind = .rest, topic: String? = "timer", payload: String = "{}", ttl: Int = 600) -> PushStore.Message {
        PushStore.Message(kind: kind, topic: topic, payload: payload, timely: true, timeToLive: ttl)
    }

    /// A person with `devices` subscribed browsers.
    func person(_ database: Database, email: String = "ada@example.org", devices: Int = 1) async throws -> (PushStore, User) {
        let user = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: email, passwordHash: "h")
        let store = PushStore(database: database, clock: clock)
        for index in 0..<devices {
            _ = try await store.subscribe(userId: user.id, endpoint: "https://push.example/\(email)/\(index)", p256dh: "key", auth: "auth", name: nil)
        }
        return (store, user)
    }

    @discardableResult
    func queue(_ store: PushStore, _ database: Database, _ userId: UUID, _ messages: [PushStore.Message]) async throws -> Int {
        try await database.transaction { db in try await store.enqueue(messages, userId: userId, on: db) }
    }

    @Test(arguments: Backend.available)
    func aPushIsQueuedForEveryDeviceAndClaimedOnce(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada) = try await person(database, devices: 2)
            #expect(try await queue(store, database, ada.id, [message()]) == 2)
            let claimed = try await store.claimDue()
            #expect(claimed.count == 2 && claimed.allSatisfy { $0.attempts == 1 && $0.timely })
            // Claimed: nobody else (another server) gets them until the lease lapses.
            #expect(try await store.claimDue().isEmpty)
            clock.advance(by: PushStore.lease + 1)
            #expect(try await store.claimDue().map(\.attempts) == [2, 2])
        }
    }

    @Test(arguments: Backend.available)
    func aNewerPushOfATopicReplacesTheQueuedOne(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada) = try await person(database)
            try await queue(store, database, ada.id, [message(payload: #"{"title":"Rest over"}"#)])
            try await queue(store, database, ada.id, [message(.cleared, payload: #"{"title":"Rest dismissed"}"#)])
            try await queue(store, database, ada.id, [message(.test, topic: "test", payload: "test")])
            #expect(Set(try await store.claimDue().map(\.payload)) == [#"{"title":"Rest dismissed"}"#, "test"])
        }
    }

    @Test(arguments: Backend.available)
    func aBusyServiceIsTriedAgainAfterTheLongerOfItsWaitAndOurs(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada) = try await person(database)
            try await queue(store, database, ada.id, [message()])
            let first = try #require(try await store.claimDue().first)
            try await store.record(first, .retry(statusCode: 429, error: "HTTP 429", notBefore: 20))
            clock.advance(by: 19)
            #expect(try await store.claimDue().isEmpty, "sent again before the service's Retry-After")
            clock.advance(by: 1)
            let second = try #require(try await store.claimDue().first)
            try await store.record(second, .delivered(statusCode: 201))
            let device = try #require(try await store.subscriptions(userId: ada.id).first)
            #expect(device.lastStatusCode == 201 && device.lastError == nil && device.lastPushAt == clock.now)
            clock.advance(by: 3600)
            #expect(try await store.claimDue().isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func aPushIsNotRetriedPastItsTimeToLive(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada) = try await person(database)
            try await queue(store, database, ada.id, [message(ttl: 40)])
            var attempts = 0
            while let push = try await store.claimDue().first {
                attempts += 1
                try await store.record(push, .retry(statusCode: 503, error: "HTTP 503", notBefore: nil))
                clock.advance(by: 60)
            }
            #expect(attempts == 2, "tried at 0 s and after 5 s; the next wait (30 s) ends past its 40 s")
            #expect(try await store.subscriptions(userId: ada.id).first?.lastError == "HTTP 503")
        }
    }

    @Test(arguments: Backend.available)
    func aGoneSubscriptionIsForgottenWithItsQueue(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada) = try await person(database, devices: 2)
            try await queue(store, database, ada.id, [message(), message(.test, topic: "test")])
            let claimed = try await store.claimDue()
            let gone = claimed[0].subscription.id
            try await store.record(claimed.first { $0.subscription.id == gone }!, .gone(statusCode: 410))
            #expect(try await store.subscriptions(userId: ada.id).map(\.id).contains(gone) == false)
            clock.advance(by: PushStore.lease + 1)
            #expect(try await store.claimDue().allSatisfy { $0.subscription.id != gone })
        }
    }

    @Test(arguments: Backend.available)
    func theSameEndpointIsOneDeviceAndMovesToWhoeverSubscribesItLast(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada) = try await person(database, devices: 0)
            let first = try await store.subscribe(userId: ada.id, endpoint: "https://push.example/x", p256dh: "k1", auth: "a1", name: "Phone")
            let again = try await store.subscribe(userId: ada.id, endpoint: "https://push.example/x", p256dh: "k2", auth: "a2", name: "Phone")
            #expect(first.created && !again.created && again.subscription.id == first.subscription.id)
            #expect(try await store.subscriptions(userId: ada.id).map(\.p256dh) == ["k2"])
            // Ada's queued push does not go to Grace, who signs in on the same browser.
            try await queue(store, database, ada.id, [message()])
            let (_, grace) = try await person(database, email: "grace@example.org", devices: 0)
            _ = try await store.subscribe(userId: grace.id, endpoint: "https://push.example/x", p256dh: "k3", auth: "a3", name: nil)
            #expect(try await store.subscriptions(userId: ada.id).isEmpty)
            #expect(try await store.claimDue().isEmpty)
            #expect(try await store.delete(id: first.subscription.id, userId: ada.id) == false)
            #expect(try await store.delete(id: first.subscription.id, userId: grace.id))
        }
    }

    @Test(arguments: Backend.available)
    func aPersonHasAtMostTwentyDevices(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (store, ada) = try await person(database, devices: PushSubscription.maximumPerUser)
            await #expect(throws: PushError.tooMany(maximum: PushSubscription.maximumPerUser)) {
                try await store.subscribe(userId: ada.id, endpoint: "https://push.example/one-more", p256dh: "k", auth: "a", name: nil)
            }
        }
    }
}

@Suite struct WarrantyReminderStoreTests {
    @Test(arguments: Backend.available)
    func eachReminderIsDueOnceAndAgainForANewEndDate(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            // Set up: warranties ending in 3, 20 and 60 days, one in Recently deleted.
            let home = try await InventoryFixture.make(database)
            let today = CalendarDate(year: 2027, month: 1, day: 15)!
            let soon = try await home.add("Kettle") { $0.warranty = .until(today.adding(days: 3)!) }
            let later = try await home.add("Television") { $0.warranty = .until(today.adding(days: 20)!) }
            try await home.add("Fridge") { $0.warranty = .until(today.adding(days: 60)!) }
            let gone = try await home.add("Old drill") { $0.warranty = .until(today.adding(days: 5)!) }
            try await home.store.deleteItem(id: gone.id, householdId: home.home)
            let store = PushStore(database: database, clock: home.clock)

            // Due: the kettle's 7-day reminder and the television's 30-day one.
            let now = today.startInUTC + 12 * 3600
            let due = try await store.dueWarrantyReminders(now: now)
            #expect(due.map(\.window).sorted() == [7, 30])
            #expect(due.first { $0.window == 7 }?.items.map(\.id) == [soon.id])
            #expect(due.first { $0.window == 30 }?.items.map(\.id) == [later.id])
            #expect(due.allSatisfy { $0.householdId == home.home })

            // Claimed once: a second claim (another server) gets nothing, and nothing is due any more.
            for reminder in due {
                let first = try await database.transaction { db in try await store.claimWarrantyReminders(reminder.items, window: reminder.window, on: db) }
                let second = try await database.transaction { db in try await store.claimWarrantyReminders(reminder.items, window: reminder.window, on: db) }
                #expect(first == reminder.items && second.isEmpty)
            }
            #expect(try await store.dueWarrantyReminders(now: now).isEmpty)
            // The television's 7-day reminder comes when its warranty is 7 days away.
            #expect(try await store.dueWarrantyReminders(now: now + 13 * 86_400).map(\.window) == [7])
        }
    }
}

@Suite struct ListAdditionStoreTests {
    let clock = VirtualClock()

    @Test(arguments: Backend.available)
    func additionsAreGatheredToldOnceAndQuietForTenMinutes(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            // Set up: Ada and Grace share a household; Grace wants to hear of additions, Ada too.
            let accounts = AccountStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            let grace = try await accounts.register(name: "Grace", email: "grace@example.org", passwordHash: "h")
            _ = try await accounts.createInvite(householdId: ada.householdId, createdBy: ada.id, tokenHash: "invite")
            _ = try await accounts.acceptInvite(tokenHash: "invite", userId: grace.id)
            let store = PushStore(database: database, clock: clock)
            var wants = PushSettings()
            wants.listAdditions = true
            try await store.saveSettings(wants, userId: grace.id)
            try await store.saveSettings(wants, userId: ada.id)
            let lists = ListStore(database: database, clock: clock)
            let groceries = try await lists.createList(id: nil, householdId: ada.householdId, name: "Groceries", emoji: nil).list
            let claim = { try await database.transaction { db in try await store.claimListDigests(on: db) } }

            for name in ["Milk", "Eggs", "Bread", "Butter"] {
                try await store.noteListAddition(listId: groceries.id, householdId: ada.householdId, userId: ada.id, itemName: name)
            }
            #expect(try await claim().isEmpty, "told before the gathering minute is over")
            clock.advance(by: ListAdditions.gathering)
            let digests = try await claim()
            let digest = try #require(digests.first)
            #expect(digests.count == 1 && digest.added == 4 && digest.adders == ["Ada"] && digest.listName == "Groceries")
            #expect(digest.itemNames == ["Milk", "Eggs", "Bread"])
            // Told to Grace, not to Ada, who added them.
            let told = try await database.transaction { db in
                try await PushStore.members(of: ada.householdId, wanting: \.listAdditions, excluding: digest.adderIds, on: db)
            }
            #expect(told == [grace.id])
            #expect(try await claim().isEmpty, "told twice")

            // Additions soon after wait for the quiet period's end, to the second; each adder is named once, in order.
            clock.advance(by: 120)
            for (adder, name) in [(grace, "Jam"), (ada, "Tea"), (grace, "Honey")] {
                try await store.noteListAddition(listId: groceries.id, householdId: ada.householdId, userId: adder.id, itemName: name)
            }
            clock.advance(by: ListAdditions.gathering)
            #expect(try await claim().isEmpty, "told again within ten minutes")
            clock.advance(by: ListAdditions.quietPeriod - 120 - ListAdditions.gathering - 1)
            #expect(try await claim().isEmpty, "told a second before the quiet period's end")
            clock.advance(by: 1)
            let later = try #require(try await claim().first)
            #expect(later.added == 3 && later.adders == ["Grace", "Ada"] && later.itemNames == ["Jam", "Tea", "Honey"])
        }
    }
}
