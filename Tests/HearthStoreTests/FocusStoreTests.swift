import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite struct FocusStoreTests {
    let clock = VirtualClock()
    let utc = TimeZone(identifier: "UTC")!

    func user(_ database: Database, _ email: String = "ada@example.org") async throws -> User {
        try await AccountStore(database: database, clock: clock).register(name: "Ada", email: email, passwordHash: "h")
    }

    func session(_ kind: TimerPhase = .focus, endingAt end: Date, seconds: Int = 1500, skipped: Bool = false) -> FocusSession {
        FocusSession(id: UUID(), kind: kind, startedAt: end - TimeInterval(seconds), endedAt: end, plannedSeconds: seconds,
                     actualSeconds: seconds, skipped: skipped, label: nil)
    }

    @Test(arguments: Backend.available)
    func anUpdateStoresTheStateAndItsSessionsTogether(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await user(database)
            let store = FocusStore(database: database, clock: clock)
            let engine = TimerEngine(timeZone: utc)
            let now = clock.now
            _ = try await store.update(userId: ada.id, timeZone: utc) { state, _ in try engine.handle(.startFocus(label: "Essay"), to: state, settings: FocusSettings(), at: now) }
            #expect(try await store.timerAndSettings(userId: ada.id).timer.phase == .focus)
            #expect(try await store.dueTimers(before: .distantFuture).map(\.userId) == [ada.id])

            let later = now + 1500
            let transition = try await store.update(userId: ada.id, timeZone: utc) { state, _ in engine.advance(state, to: later, settings: FocusSettings()) }

            #expect(transition.sessions.count == 1)
            #expect(try await store.timerAndSettings(userId: ada.id).timer.phase == .idle)
            #expect(try await store.dueTimers(before: .distantFuture).isEmpty)
            let listed = try await store.sessions(userId: ada.id, filter: .init(), limit: 10, offset: 0)
            #expect(listed.total == 1)
            #expect(listed.sessions.first == transition.sessions.first)
        }
    }

    @Test(arguments: Backend.available)
    func aLateCommandReplacesTheSessionTheSchedulerRecordedWithoutIt(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await user(database)
            let store = FocusStore(database: database, clock: clock)
            let engine = TimerEngine(timeZone: utc)
            let settings = FocusSettings()
            let start = clock.now
            let command = { @Sendable (command: TimerCommand, madeAt: Date) in
                try await store.command(userId: ada.id, timeZone: utc, { record, now in
                    TimerWrite(try engine.handle(command, to: record, settings: settings, madeAt: madeAt, now: now))
                }, effects: { _, _, _ in }).transition
            }
            _ = try await command(.startFocus(label: "Essay"), start)
            clock.advance(by: 1500)
            _ = try await store.advance(userId: ada.id, timeZone: utc, { state, now in engine.advance(state, to: now, settings: settings) },
                                        effects: { _, _, _ in })
            #expect(try await store.sessions(userId: ada.id, filter: .init(), limit: 10, offset: 0).total == 1)

            // A pause tapped at 1000 s without a connection arrives at 1600 s: the phase never ended.
            clock.advance(by: 100)
            let paused = try await command(.pause, start + 1000)
            #expect(paused.state.isPaused && paused.state.remainingSeconds(at: clock.now) == 500)
            #expect(try await store.sessions(userId: ada.id, filter: .init(), limit: 10, offset: 0).total == 0)
            // It resumes and runs out: one session of 1500 s, as if the pause had arrived at once.
            _ = try await command(.resume, start + 1600)
            clock.advance(by: 700)
            _ = try await store.advance(userId: ada.id, timeZone: utc, { state, now in engine.advance(state, to: now, settings: settings) },
                                        effects: { _, _, _ in })
            let sessions = try await store.sessions(userId: ada.id, filter: .init(), limit: 10, offset: 0).sessions
            #expect(sessions.map(\.actualSeconds) == [1500])
            #expect(sessions.map(\.endedAt) == [start + 2100])
        }
    }

    @Test(arguments: Backend.available)
    func aRefusedCommandChangesNothing(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await user(database)
            let store = FocusStore(database: database, clock: clock)
            let engine = TimerEngine(timeZone: utc)
            let now = clock.now
            await #expect(throws: FocusError.self) {
                try await store.update(userId: ada.id, timeZone: utc) { state, _ in try engine.handle(.pause, to: state, settings: FocusSettings(), at: now) }
            }
            #expect(try await store.timerAndSettings(userId: ada.id).timer == TimerState())
        }
    }

    @Test(arguments: Backend.available)
    func settingsDefaultUntilSavedAndAreSeparatePerUser(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await user(database)
            let eve = try await user(database, "eve@example.org")
            let store = FocusStore(database: database, clock: clock)
            var settings = FocusSettings()
            settings.focusSeconds = 3000
            try await store.saveSettings(settings, userId: ada.id)
            settings.focusSeconds = 1200
            try await store.saveSettings(settings, userId: ada.id)
            #expect(try await store.settings(userId: ada.id).focusSeconds == 1200)
            #expect(try await store.settings(userId: eve.id) == FocusSettings())
            #expect(try await store.timerAndSettings(userId: ada.id).settings.focusSeconds == 1200)
            #expect(try await store.timerAndSettings(userId: eve.id).timer == TimerState())
        }
    }

    @Test(arguments: Backend.available)
    func sessionsFilterByKindAndDayAndStayPrivate(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await user(database)
            let eve = try await user(database, "eve@example.org")
            let store = FocusStore(database: database, clock: clock)
            let day = LocalDay.number(of: clock.now, in: utc)
            try await store.insertSessions([
                session(endingAt: clock.now - 86_400), session(.shortBreak, endingAt: clock.now, seconds: 300), session(endingAt: clock.now),
            ], userId: ada.id, timeZone: utc)

            #expect(try await store.sessions(userId: ada.id, filter: .init(kind: .focus), limit: 10, offset: 0).total == 2)
            #expect(try await store.sessions(userId: ada.id, filter: .init(fromDay: day), limit: 10, offset: 0).total == 2)
            #expect(try await store.sessions(userId: ada.id, filter: .init(kind: .focus, toDay: day - 1), limit: 10, offset: 0).total == 1)
            let page = try await store.sessions(userId: ada.id, filter: .init(), limit: 2, offset: 2)
            #expect(page.total == 3 && page.sessions.count == 1)
            #expect(try await store.sessions(userId: eve.id, filter: .init(), limit: 10, offset: 0).total == 0)
            let id = page.sessions[0].id
            #expect(try await store.deleteSession(id: id, userId: eve.id) == false)
            #expect(try await store.deleteSession(id: id, userId: ada.id))
        }
    }

    @Test(arguments: Backend.available)
    func clearingTheHistoryBeforeADayOrWholeTouchesOnlyTheUsersOwn(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await user(database)
            let eve = try await user(database, "eve@example.org")
            let store = FocusStore(database: database, clock: clock)
            let today = LocalDay.number(of: clock.now, in: utc)
            for person in [ada, eve] {
                try await store.insertSessions([session(endingAt: clock.now - 2 * 86_400), session(endingAt: clock.now - 86_400), session(endingAt: clock.now)],
                                               userId: person.id, timeZone: utc)
            }
            // Before today: the two earlier days go, today stays; then everything.
            #expect(try await store.clearHistory(userId: ada.id, beforeDay: today) == 2)
            #expect(try await store.sessions(userId: ada.id, filter: .init(), limit: 10, offset: 0).total == 1)
            #expect(try await store.clearHistory(userId: ada.id, beforeDay: nil) == 1)
            #expect(try await store.statistics(userId: ada.id, timeZone: utc, dayCount: 7).todayTotals.completed == 0)
            #expect(try await store.sessions(userId: eve.id, filter: .init(), limit: 10, offset: 0).total == 3)
        }
    }

    @Test(arguments: Backend.available)
    func statisticsMatchAHandComputedFixture(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            // Setup: in Berlin, today is Friday 2027-01-15 (the virtual clock says 09:00 local).
            let berlin = TimeZone(identifier: "Europe/Berlin")!
            let ada = try await user(database)
            let store = FocusStore(database: database, clock: clock)
            let today = clock.now
            let day: TimeInterval = 86_400
            try await store.insertSessions([
                session(endingAt: today, seconds: 1500),                     // today: 25 min, completed
                session(endingAt: today - 60, seconds: 600, skipped: true),  // today: 10 min, skipped
                session(.shortBreak, endingAt: today, seconds: 300),         // breaks never count
                session(endingAt: today - day, seconds: 1500),               // Thursday
                session(endingAt: today - 2 * day, seconds: 3000),           // Wednesday
                session(endingAt: today - 5 * day, seconds: 1500),           // Sunday of last week
                session(endingAt: today - 6 * day, seconds: 1500),           // Saturday of last week
                session(endingAt: today - 7 * day, seconds: 1500),           // Friday of last week
                session(endingAt: today - 20 * day, seconds: 1500),          // 2026-12-26, last month
            ], userId: ada.id, timeZone: berlin)

            // Act
            let stats = try await store.statistics(userId: ada.id, timeZone: berlin, dayCount: 30)

            // Check
            #expect(stats.todayTotals == .init(seconds: 2100, completed: 1))
            #expect(stats.week == .init(seconds: 2100 + 1500 + 3000, completed: 3))
            #expect(stats.month == .init(seconds: 2100 + 1500 + 3000 + 3 * 1500, completed: 6))
            #expect(stats.currentStreak == 3)
            #expect(stats.longestStreak == 3)
            #expect(stats.days.count == 30)
            #expect(stats.days.last?.seconds == 2100)
            #expect(stats.days.reduce(0) { $0 + $1.completed } == 7)
        }
    }

    /// Day patterns (days before today with a completed focus session) and their streaks.
    static let streakCases: [(days: [Int], current: Int, longest: Int)] = [
        ([0, 1, 2, 5], 3, 3),            // a run up to today
        ([1, 2, 5], 2, 2),               // today not yet: the run up to yesterday still counts
        ([2, 3, 4, 5], 0, 4),            // a gap yesterday breaks it
        ([], 0, 0),
        ([0, 8, 9, 10, 11, 17, 18], 1, 4),
    ]

    @Test(arguments: Backend.available)
    func streaksAreRunsOfDaysWithACompletedFocusSession(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let store = FocusStore(database: database, clock: clock)
            let today = LocalDay.number(of: clock.now, in: utc)
            for (index, pattern) in Self.streakCases.enumerated() {
                let ada = try await user(database, "ada\(index)@example.org")
                // A skipped session and a break on other days must not count.
                let sessions = pattern.days.map { session(endingAt: clock.now - TimeInterval($0) * 86_400) }
                    + [session(endingAt: clock.now - 3 * 86_400, skipped: true), session(.shortBreak, endingAt: clock.now - 6 * 86_400)]
                try await store.insertSessions(sessions, userId: ada.id, timeZone: utc)
                let streaks = try await store.streaks(userId: ada.id, today: today)
                #expect(streaks.current == pattern.current, "days \(pattern.days)")
                #expect(streaks.longest == pattern.longest, "days \(pattern.days)")
            }
        }
    }

    @Test(arguments: Backend.available)
    func workoutsAreSummedOverTheRange(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await user(database)
            let store = FocusStore(database: database, clock: clock)
            let engine = TimerEngine(timeZone: utc)
            let start = clock.now
            _ = try await store.update(userId: ada.id, timeZone: utc) { state, _ in try engine.handle(.startRest(seconds: 60), to: state, settings: FocusSettings(), at: start) }
            _ = try await store.update(userId: ada.id, timeZone: utc) { state, _ in try engine.handle(.endWorkout, to: state, settings: FocusSettings(), at: start + 600) }
            let today = LocalDay.number(of: start, in: utc)
            let totals = try await store.workoutTotals(userId: ada.id, fromDay: today, toDay: today)
            #expect(totals == .init(workouts: 1, rests: 1, restSeconds: 60, seconds: 600))
        }
    }
}
