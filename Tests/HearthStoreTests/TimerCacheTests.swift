import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// Timers and settings read within the last few seconds come from memory; every change is seen on
/// the very next read, on PostgreSQL also when another server made it.
@Suite struct TimerCacheTests {
    let clock = VirtualClock()
    let utc = TimeZone(identifier: "UTC")!

    func ada(_ database: Database) async throws -> User {
        try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
    }

    func start(_ store: FocusStore, _ user: User) async throws {
        let engine = TimerEngine(timeZone: utc), now = clock.now
        _ = try await store.update(userId: user.id, timeZone: utc) { state, _ in
            try engine.handle(.startFocus(label: nil), to: state, settings: FocusSettings(), at: now)
        }
    }

    @Test func aTimerIsReadFromMemoryForItsLifetimeOnly() async throws {
        try await withDatabase(.sqlite) { database in
            let ada = try await ada(database)
            let store = FocusStore(database: database, clock: clock)
            try await start(store, ada)
            #expect(try await store.timerAndSettings(userId: ada.id).timer.phase == .focus)
            try await database.run("DELETE FROM focus_timers")  // behind the store's back
            clock.advance(by: database.timers.lifetime - 0.5)
            #expect(try await store.timerAndSettings(userId: ada.id).timer.phase == .focus)
            clock.advance(by: 1)
            #expect(try await store.timerAndSettings(userId: ada.id).timer == TimerState())
        }
    }

    @Test(arguments: Backend.available)
    func everyChangeIsSeenOnTheVeryNextRead(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await ada(database)
            let store = FocusStore(database: database, clock: clock)
            #expect(try await store.timerAndSettings(userId: ada.id).timer == TimerState())
            try await start(store, ada)
            #expect(try await store.timerAndSettings(userId: ada.id).timer.phase == .focus)
            var settings = FocusSettings()
            settings.focusSeconds = 1200
            try await store.saveSettings(settings, userId: ada.id)
            #expect(try await store.timerAndSettings(userId: ada.id).settings.focusSeconds == 1200)
            let engine = TimerEngine(timeZone: utc), later = clock.now + 1500, saved = settings
            _ = try await store.update(userId: ada.id, timeZone: utc) { state, _ in engine.advance(state, to: later, settings: saved) }
            #expect(try await store.timerAndSettings(userId: ada.id).timer.phase == .idle)
        }
    }

    /// Two servers on one PostgreSQL database: a timer started through one is running on the other
    /// on its very next read.
    @Test func anotherServersChangeIsSeenOnTheVeryNextRead() async throws {
        try await withTwoServers { first, second in
            let ada = try await ada(first)
            let store = FocusStore(database: first, clock: clock)
            #expect(try await store.timerAndSettings(userId: ada.id).timer == TimerState())
            try await start(FocusStore(database: second, clock: clock), ada)
            #expect(try await store.timerAndSettings(userId: ada.id).timer.phase == .focus)
        }
    }
}
