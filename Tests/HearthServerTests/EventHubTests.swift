import Foundation
import HearthCore
import HearthStore
import Logging
import Testing
@testable import HearthServer

/// Events reach the streams they are for, carry ids, and a stream reopened with the last id it
/// saw gets what it missed (or `reset`): with the log in memory (SQLite) and in PostgreSQL, where
/// an event published through one server reaches the streams of another.
@Suite struct EventHubTests {

    static func user(_ name: String, household: UUID = UUID()) -> User {
        User(id: UUID(), householdId: household, name: name, email: "\(name)@x.org", createdAt: Date(), updatedAt: Date())
    }

    /// Runs `body` with a hub of one server (and, for the database log, a second server's hub on
    /// the same database), each following the events of both.
    func withHubs(_ log: Keeping, _ body: (_ first: EventHub, _ second: EventHub) async throws -> Void) async throws {
        switch log {
        case .inMemory:
            let hub = Self.memoryHub()
            try await body(hub, hub)
        case .inDatabase:
            try await withPostgresDatabase { url in
                let first = try await FollowingHub(url: url), second = try await FollowingHub(url: url)
                do {
                    try await body(first.hub, second.hub)
                } catch {
                    await first.stop()
                    await second.stop()
                    throw error
                }
                await first.stop()
                await second.stop()
            }
        }
    }

    @Test(arguments: Keeping.available)
    func subscribersReceiveTheirOwnAndTheirHouseholdsEventsOnly(log: Keeping) async throws {
        try await withHubs(log) { first, second in
            let ada = Self.user("ada"), bob = Self.user("bob", household: ada.householdId), eve = Self.user("eve")
            var adas = try await first.subscribe(ada, lastEventId: nil).live.makeAsyncIterator()
            var eves = try await first.subscribe(eve, lastEventId: nil).live.makeAsyncIterator()
            await second.publish(ServerEvent(name: "timer", data: "{\"n\":1}"), to: .user(bob))
            await second.publish(ServerEvent(name: "timer", data: "{\"n\":2}"), to: .user(eve))
            await second.publish(ServerEvent(name: "list", data: "{\"n\":3}"), to: .household(ada.householdId))
            #expect(await adas.next()?.event.data == "{\"n\":3}")
            #expect(await eves.next()?.event.data == "{\"n\":2}")
        }
    }

    @Test(arguments: Keeping.available)
    func aUserWhoMovedHouseholdsLosesTheOldStreamsOnEveryServer(log: Keeping) async throws {
        try await withHubs(log) { first, second in
            let bob = Self.user("bob"), ada = Self.user("ada", household: bob.householdId)
            var bobs = try await first.subscribe(bob, lastEventId: nil).live.makeAsyncIterator()
            var adas = try await first.subscribe(ada, lastEventId: nil).live.makeAsyncIterator()
            await second.endStreams(ofUser: bob.id, in: bob.householdId)
            await second.publish(ServerEvent(name: "list", data: "{}"), to: .household(bob.householdId))
            #expect(await bobs.next() == nil, "Bob's stream ended: his client reconnects as a member of his new household")
            #expect(await adas.next()?.event.name == "list")
        }
    }

    @Test(arguments: Keeping.available)
    func aReopenedStreamGetsWhatItMissedThenReady(log: Keeping) async throws {
        try await withHubs(log) { first, second in
            let ada = Self.user("ada"), bob = Self.user("bob", household: ada.householdId), eve = Self.user("eve")
            // Setup: Ada's stream opens, and she keeps its position.
            let opened = try await first.subscribe(ada, lastEventId: nil)
            #expect(opened.opening.map(\.name) == ["ready"])
            let position = try #require(opened.opening.last?.id)
            // Act: while she is away, events for her, for Bob, for her household and for Eve.
            await second.publish(ServerEvent(name: "timer", data: "1"), to: .user(ada))
            await second.publish(ServerEvent(name: "timer", data: "2"), to: .user(bob))
            await second.publish(ServerEvent(name: "list", data: "3"), to: .household(ada.householdId))
            await second.publish(ServerEvent(name: "timer", data: "4"), to: .user(eve))
            // Check: reopened on the other server, hers come first, then `ready`, then what is new.
            let reopened = try await second.subscribe(ada, lastEventId: position)
            #expect(reopened.opening.map(\.data) == ["1", "3", "{}"])
            #expect(reopened.opening.last?.name == "ready")
            #expect(Set(reopened.opening.dropLast().compactMap(\.id)).count == 2)
            var live = reopened.live.makeAsyncIterator()
            await first.publish(ServerEvent(name: "list", data: "5"), to: .household(ada.householdId))
            var next = await live.next()
            while let event = next, event.seq <= reopened.after { next = await live.next() }
            #expect(next?.event.data == "5")
            // Reopened at the last position, nothing was missed.
            let again = try await first.subscribe(ada, lastEventId: reopened.opening.last?.id)
            #expect(again.opening.map(\.name) == ["list", "ready"])
        }
    }

    @Test(arguments: Keeping.available)
    func aPositionThisServerNeverSentGetsReset(log: Keeping) async throws {
        try await withHubs(log) { first, _ in
            let ada = Self.user("ada")
            await first.publish(ServerEvent(name: "list", data: "1"), to: .household(ada.householdId))
            let ready = try #require(try await first.subscribe(ada, lastEventId: nil).opening.last?.id)
            let log = try #require(EventPosition(ready)).log
            #expect(try await first.subscribe(ada, lastEventId: "").opening.map(\.name) == ["ready"], "an empty id is no id")
            for id in ["garbage", "x-1", "\(log)-999", "\(log)--1", String(repeating: "9", count: 300)] {
                let opening = try await first.subscribe(ada, lastEventId: id).opening
                #expect(opening.map(\.name) == ["reset", "ready"], "Last-Event-ID \(id)")
                #expect(opening.first?.id == ready)
            }
        }
    }

    /// The hub of a server on SQLite.
    static func memoryHub(clock: any WallClock = SystemClock()) -> EventHub {
        let subscribers = EventSubscribers()
        return EventHub(log: MemoryEventLog(subscribers: subscribers, clock: clock), subscribers: subscribers, logger: Logger(label: "test"))
    }

    @Test(arguments: Keeping.available)
    func aPersonWhoMovedHouseholdsIsToldToReset(log: Keeping) async throws {
        try await withHubs(log) { first, second in
            let ada = Self.user("ada")
            let position = try await first.subscribe(ada, lastEventId: nil).opening.last?.id
            var moved = ada
            moved.householdId = UUID()
            await second.publish(ServerEvent(name: "list", data: "1"), to: .household(moved.householdId))
            #expect(try await second.subscribe(moved, lastEventId: position).opening.map(\.name) == ["reset", "ready"])
        }
    }

    @Test func eventsNoLongerKeptGetReset() async throws {
        let clock = VirtualClock()
        let hub = Self.memoryHub(clock: clock)
        let ada = Self.user("ada")
        let position = try #require(try await hub.subscribe(ada, lastEventId: nil).opening.last?.id)
        await hub.publish(ServerEvent(name: "list", data: "1"), to: .household(ada.householdId))
        clock.advance(by: MemoryEventLog.kept + 61)
        await hub.publish(ServerEvent(name: "list", data: "2"), to: .household(ada.householdId))
        #expect(try await hub.subscribe(ada, lastEventId: position).opening.map(\.name) == ["reset", "ready"])
    }

    @Test func theWireFormatIsServerSentEventsWithIds() {
        #expect(ServerEvent(name: "timer", data: "{\"a\":1}").wireFormat == "event: timer\ndata: {\"a\":1}\n\n")
        #expect(ServerEvent(name: "list", data: "{}", id: "ab-7").wireFormat == "id: ab-7\nevent: list\ndata: {}\n\n")
    }

    @Test func theStreamBeginsWithAReadyEvent() async throws {
        try await withHubs(.inMemory) { hub, _ in
            let user = Self.user("ada")
            var iterator = EventStreamBody(subscription: try await hub.subscribe(user, lastEventId: nil)).makeAsyncIterator()
            let ready = await iterator.next().map { String(decoding: $0, as: UTF8.self) } ?? ""
            #expect(ready.hasPrefix("id: ") && ready.hasSuffix("-0\nevent: ready\ndata: {}\n\n"))
            await hub.publish(ServerEvent(name: "timer", data: "{}"), to: .user(user))
            #expect(await iterator.next().map { String(decoding: $0, as: UTF8.self) }?.hasSuffix("-1\nevent: timer\ndata: {}\n\n") == true)
        }
    }
}

/// A server's hub on a PostgreSQL database, following the events of every server on it.
struct FollowingHub {
    let hub: EventHub
    let database: Database
    let follower: Task<Void, Never>

    init(url: String) async throws {
        let logger = Logger(label: "test")
        database = try await Database.open(.postgres(url: url), logger: logger)
        let hub = EventHub.make(database: database, clock: SystemClock(), logger: logger)
        let (connected, signal) = AsyncStream.makeStream(of: Void.self)
        let store = EventStore(database: database, clock: SystemClock())
        follower = Task {
            await store.follow(logger: logger, connected: { signal.yield() }, deliver: { hub.subscribers.deliver(DatabaseEventLog.logged($0)) })
        }
        var iterator = connected.makeAsyncIterator()
        _ = await iterator.next()
        self.hub = hub
    }

    func stop() async {
        follower.cancel()
        await follower.value
        try? await database.close()
    }
}
