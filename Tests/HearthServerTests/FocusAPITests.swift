import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct FocusAPITests {
    @Test func startingAPomodoroRunsAFocusSession() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let response = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro","label":"Essay"}"#, token: token)
            #expect(response.status == .ok)
            let timer = try response.json()
            #expect(timer["phase"] as? String == "focus")
            #expect(timer["mode"] as? String == "pomodoro")
            #expect(timer["remainingSeconds"] as? Int == 1500)
            #expect(timer["label"] as? String == "Essay")
            #expect(timer["paused"] as? Bool == false)
            #expect((timer["endsAt"] as? String)?.hasPrefix("2027-01-15T08:25:00") == true)
            #expect(timer["now"] as? String != nil)
        }
    }

    @Test func aCommandThatDoesNotFitIsAConflictAndChangesNothing() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let response = try await api.send(.post, "/api/v1/focus/timer/pause", token: token)
            #expect(response.status == .conflict)
            #expect(try response.json()["detail"] as? String == "Cannot pause while the timer is idle.")
            let timer = try await api.send(.get, "/api/v1/focus/timer", token: token)
            #expect(try timer.json()["phase"] as? String == "idle")
        }
    }

    @Test func commandsMadeWithoutAConnectionAreAppliedAtTheTimeTheyWereMade() async throws {
        let clock = VirtualClock() // 2027-01-15T08:00:00Z
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            clock.advance(by: 600) // the gym had no signal; the page sends its taps ten minutes later
            let taps = [("start", #""mode":"rest","seconds":60,"#, "08:00:00"), ("dismiss", "", "08:01:05"),
                        ("start", #""mode":"rest","seconds":60,"#, "08:02:00"), ("dismiss", "", "08:03:05"), ("end-workout", "", "08:04:00")]
            for (command, fields, time) in taps {
                let response = try await api.send(.post, "/api/v1/focus/timer/\(command)",
                                                  json: #"{\#(fields)"madeAt":"2027-01-15T\#(time).000Z"}"#, token: token)
                #expect(response.status == .ok, "\(command) at \(time)")
            }
            let page = try await api.send(.get, "/api/v1/focus/sessions", token: token).json()
            let sessions = page["sessions"] as? [[String: Any]] ?? []
            #expect(sessions.map { $0["endedAt"] as? String } == ["2027-01-15T08:03:00.000Z", "2027-01-15T08:01:00.000Z"])
            #expect(sessions.map { $0["actualSeconds"] as? Int } == [60, 60])
            let timer = try await api.send(.get, "/api/v1/focus/timer", token: token).json()
            #expect(timer["phase"] as? String == "idle" && timer["workout"] == nil)
            // A command without options still needs no body (nor does one that says JSON and sends
            // nothing, as scripts do); an empty object is the same.
            _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
            #expect(try await api.send(.post, "/api/v1/focus/timer/pause", token: token).status == .ok)
            #expect(try await api.send(.post, "/api/v1/focus/timer/resume", json: "", token: token).status == .ok)
            #expect(try await api.send(.post, "/api/v1/focus/timer/pause", json: "{}", token: token).status == .ok)
        }
    }

    @Test func pauseResumeAndExtendFollowTheVirtualClock() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
            clock.advance(by: 100)
            let paused = try await api.send(.post, "/api/v1/focus/timer/pause", token: token).json()
            #expect(paused["paused"] as? Bool == true)
            #expect(paused["remainingSeconds"] as? Int == 1400)
            #expect(paused["endsAt"] == nil)
            clock.advance(by: 50)
            let extended = try await api.send(.post, "/api/v1/focus/timer/extend", json: #"{"seconds":60}"#, token: token).json()
            #expect(extended["remainingSeconds"] as? Int == 1460)
            let resumed = try await api.send(.post, "/api/v1/focus/timer/resume", token: token).json()
            #expect(resumed["remainingSeconds"] as? Int == 1460)
        }
    }

    @Test func aCountdownNeedsATimeOfDay() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let bad = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"countdown","target":"25:00"}"#, token: token)
            #expect(bad.status == .unprocessableContent)
            let good = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"countdown","target":"17:30"}"#, token: token)
            #expect(try good.json()["target"] as? String == "17:30")
            #expect(try good.json()["phase"] as? String == "countdown")
        }
    }

    @Test func aRestRingsAndIsDismissedAndTheWorkoutEnds() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let rest = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"rest","seconds":45}"#, token: token).json()
            #expect(rest["phase"] as? String == "rest")
            #expect(rest["remainingSeconds"] as? Int == 45)
            clock.advance(by: 45)
            let ringing = try await api.send(.get, "/api/v1/focus/timer", token: token).json()
            #expect(ringing["phase"] as? String == "alarm")
            let dismissed = try await api.send(.post, "/api/v1/focus/timer/dismiss", token: token).json()
            #expect(dismissed["phase"] as? String == "idle")
            #expect((dismissed["workout"] as? [String: Any])?["rests"] as? Int == 1)
            let ended = try await api.send(.post, "/api/v1/focus/timer/end-workout", token: token).json()
            #expect(ended["workout"] == nil)
            #expect(try await api.send(.post, "/api/v1/focus/timer/end-workout", token: token).status == .conflict)
            #expect(try await api.send(.post, "/api/v1/focus/timer/dismiss", token: token).status == .conflict)
        }
    }

    @Test func resetStopsACountdownAndRecordsItAsSkipped() async throws {
        let clock = VirtualClock()
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"countdown","target":"17:30"}"#, token: token)
            clock.advance(by: 90)
            let reset = try await api.send(.post, "/api/v1/focus/timer/reset", token: token).json()
            #expect(reset["phase"] as? String == "idle")
            let sessions = try await api.send(.get, "/api/v1/focus/sessions", token: token).json()["sessions"] as? [[String: Any]]
            #expect(sessions?.first?["kind"] as? String == "countdown")
            #expect(sessions?.first?["skipped"] as? Bool == true)
            #expect(sessions?.first?["actualSeconds"] as? Int == 90)
        }
    }

    @Test func anUnknownCommandIsNotFound() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let response = try await api.send(.post, "/api/v1/focus/timer/explode", token: token)
            #expect(response.status.code >= 400 && response.status.code < 500)
            let huge = try await api.send(.post, "/api/v1/focus/timer/extend", json: #"{"seconds":99999999999}"#, token: token)
            #expect(huge.status.code >= 400 && huge.status.code < 500)
        }
    }

    @Test func settingsAreValidatedAndSaved() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let defaults = try await api.send(.get, "/api/v1/focus/settings", token: token).json()
            #expect(defaults["focusSeconds"] as? Int == 1500)
            let bad = try await api.send(.put, "/api/v1/focus/settings", json: #"{"focusSeconds":0}"#, token: token)
            #expect(bad.status == .unprocessableContent)
            #expect(try bad.json()["detail"] as? String == "focusSeconds must be between 1 and 14400.")
            let saved = try await api.send(.put, "/api/v1/focus/settings", json: #"{"focusSeconds":3000,"autoStartBreaks":true}"#, token: token)
            #expect(saved.status == .ok)
            let read = try await api.send(.get, "/api/v1/focus/settings", token: token).json()
            #expect(read["focusSeconds"] as? Int == 3000)
            #expect(read["autoStartBreaks"] as? Bool == true)
            #expect(read["shortBreakSeconds"] as? Int == 300)
        }
    }

    @Test func theSkipRuleIsASetting() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let defaults = try await api.send(.get, "/api/v1/focus/settings", token: token).json()
            #expect(defaults["skippedFocusCountsTowardsLongBreak"] as? Bool == false)
            _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
            #expect(try await api.send(.post, "/api/v1/focus/timer/skip", token: token).json()["cyclePosition"] as? Int == 0)

            let saved = try await api.send(.put, "/api/v1/focus/settings", json: #"{"skippedFocusCountsTowardsLongBreak":true}"#, token: token)
            #expect(try saved.json()["skippedFocusCountsTowardsLongBreak"] as? Bool == true)
            _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
            let skipped = try await api.send(.post, "/api/v1/focus/timer/skip", token: token).json()
            #expect(skipped["cyclePosition"] as? Int == 1)
            #expect(skipped["completedToday"] as? Int == 0)
        }
    }

    @Test func anotherUserCannotSeeOrControlMyTimer() async throws {
        try await withApp(clock: VirtualClock()) { client in
            let api = APIClient(client: client)
            let ada = try await api.signUp(email: "ada@example.org")
            let eve = try await api.signUp(name: "Eve", email: "eve@example.org")
            _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: ada)

            #expect(try await api.send(.get, "/api/v1/focus/timer", token: eve).json()["phase"] as? String == "idle")
            #expect(try await api.send(.post, "/api/v1/focus/timer/pause", token: eve).status == .conflict)
            #expect(try await api.send(.post, "/api/v1/focus/timer/reset", token: eve).status == .conflict)
            #expect(try await api.send(.get, "/api/v1/focus/timer", token: ada).json()["phase"] as? String == "focus")
        }
    }

    @Test func theTimerNeedsAToken() async throws {
        try await withApp { client in
            let response = try await APIClient(client: client).send(.get, "/api/v1/focus/timer")
            #expect(response.status == .unauthorized)
        }
    }
}
