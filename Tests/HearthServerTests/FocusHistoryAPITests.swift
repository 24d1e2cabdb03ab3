import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct FocusHistoryAPITests {
    /// Runs two focus sessions (one skipped) and a break through the API on a virtual clock.
    func record(_ api: APIClient, _ token: String, _ clock: VirtualClock) async throws {
        _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro","label":"Essay, part 1"}"#, token: token)
        clock.advance(by: 1500)
        _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro","phase":"break"}"#, token: token)
        clock.advance(by: 300)
        _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
        clock.advance(by: 600)
        _ = try await api.send(.post, "/api/v1/focus/timer/skip", token: token)
    }

    @Test func theHistoryListsSessionsNewestFirstAndFilters() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            try await record(api, token, clock)

            let page = try await api.send(.get, "/api/v1/focus/sessions", token: token).json()
            #expect(page["total"] as? Int == 3)
            let sessions = page["sessions"] as? [[String: Any]] ?? []
            #expect(sessions.map { $0["kind"] as? String } == ["focus", "shortBreak", "focus"])
            #expect(sessions.map { $0["skipped"] as? Bool } == [true, false, false])
            #expect(sessions.map { $0["actualSeconds"] as? Int } == [600, 300, 1500])

            let breaks = try await api.send(.get, "/api/v1/focus/sessions?kind=shortBreak", token: token).json()
            #expect(breaks["total"] as? Int == 1)
            let none = try await api.send(.get, "/api/v1/focus/sessions?from=2030-01-01", token: token).json()
            #expect(none["total"] as? Int == 0)
            let bad = try await api.send(.get, "/api/v1/focus/sessions?from=yesterday", token: token)
            #expect(bad.status == .badRequest)
        }
    }

    @Test func theHistoryIsClearedBeforeADayOrWholeAndStatisticsFollow() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let eve = try await api.signUp(name: "Eve", email: "eve@example.org")
            try await record(api, token, clock)
            try await record(api, eve, clock)
            // Nothing before today (the sessions are today's).
            let today = CalendarDate(clock.now, in: TimeZone(identifier: "UTC")!)
            let early = try await api.send(.delete, "/api/v1/focus/sessions?before=\(today)", token: token).json()
            #expect(early["deleted"] as? Int == 0)
            #expect(try await api.send(.delete, "/api/v1/focus/sessions?before=someday", token: token).status == .badRequest)
            let all = try await api.send(.delete, "/api/v1/focus/sessions", token: token).json()
            #expect(all["deleted"] as? Int == 3)
            #expect(try await api.send(.get, "/api/v1/focus/sessions", token: token).json()["total"] as? Int == 0)
            let stats = try await api.send(.get, "/api/v1/focus/stats", token: token).json()
            #expect((stats["today"] as? [String: Any])?["completedSessions"] as? Int == 0)
            #expect(try await api.send(.get, "/api/v1/focus/sessions", token: eve).json()["total"] as? Int == 3)
        }
    }

    @Test func theHistoryExportsAsCSV() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            try await record(api, token, clock)
            let csv = try await api.send(.get, "/api/v1/focus/sessions?format=csv", token: token)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            let lines = csv.text.split(separator: "\r\n")
            #expect(lines.count == 4)
            #expect(lines[0] == "\u{FEFF}id,kind,started_at,ended_at,planned_seconds,actual_seconds,skipped,label")
            #expect(lines[3].hasSuffix(",focus,2027-01-15T08:00:00Z,2027-01-15T08:25:00Z,1500,1500,false,\"Essay, part 1\""))
        }
    }

    @Test func statisticsCountCompletedFocusAndStreaks() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            try await record(api, token, clock)
            let stats = try await api.send(.get, "/api/v1/focus/stats?range=week", token: token).json()
            let today = stats["today"] as? [String: Any]
            #expect(today?["focusSeconds"] as? Int == 2100)
            #expect(today?["completedSessions"] as? Int == 1)
            #expect(stats["currentStreak"] as? Int == 1)
            #expect(stats["longestStreak"] as? Int == 1)
            let days = stats["days"] as? [[String: Any]] ?? []
            #expect(days.count == 7)
            #expect(days.last?["date"] as? String == "2027-01-15")
        }
    }

    @Test func onlyMyOwnSessionsCanBeDeleted() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let eve = try await api.signUp(name: "Eve", email: "eve@example.org")
            try await record(api, ada, clock)
            let sessions = try await api.send(.get, "/api/v1/focus/sessions", token: ada).json()["sessions"] as? [[String: Any]] ?? []
            let id = try #require(sessions.first?["id"] as? String)

            #expect(try await api.send(.delete, "/api/v1/focus/sessions/\(id)", token: eve).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/focus/sessions", token: eve).json()["total"] as? Int == 0)
            #expect(try await api.send(.delete, "/api/v1/focus/sessions/\(id)", token: ada).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/focus/sessions", token: ada).json()["total"] as? Int == 2)
        }
    }

    @Test func pagingOutsideItsRangeIsABadRequest() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            for query in ["offset=-1", "limit=0", "limit=501", "range=AAA", "from=2026-1-5"] {
                let path = query.hasPrefix("range") ? "/api/v1/focus/stats?\(query)" : "/api/v1/focus/sessions?\(query)"
                #expect(try await api.send(.get, path, token: token).status == .badRequest, "\(query)")
            }
            #expect(try await api.send(.get, "/api/v1/focus/sessions?limit=500&offset=0", token: token).status == .ok)
        }
    }
}
