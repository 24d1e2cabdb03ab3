import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite(.serialized) struct FocusSchedulerTests {
    /// Polls until `condition` holds or `seconds` pass: generous, as `make test` runs the browser and
    /// contract suites beside this one on two cores; a condition that holds returns at once.
    func eventually(within seconds: Double = 30, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func thePhaseEndsOnTimeWithoutAnyClient() async throws {
        try await withApp { client in
            // Setup: one-second focus sessions that start their breaks by themselves.
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            _ = try await api.send(.put, "/api/v1/focus/settings",
                                   json: #"{"focusSeconds":1,"shortBreakSeconds":1,"autoStartBreaks":true}"#, token: token)
            // Act
            _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
            // Check: the focus session and the break that followed it are both recorded, once.
            let recorded = try await eventually {
                try await api.send(.get, "/api/v1/focus/sessions", token: token).json()["total"] as? Int == 2
            }
            #expect(recorded)
            let sessions = try await api.send(.get, "/api/v1/focus/sessions", token: token).json()["sessions"] as? [[String: Any]] ?? []
            #expect(sessions.map { $0["kind"] as? String } == ["shortBreak", "focus"])
            #expect(try await api.send(.get, "/api/v1/focus/timer", token: token).json()["phase"] as? String == "idle")
        }
    }

    @Test func phasesThatEndedWhileTheServerWasDownCompleteOnceAtStart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-restart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = AppConfiguration.testing()
        configuration.inMemoryDatabase = false
        configuration.dataDirectory = folder.path

        // Setup: a two-second focus session starts, then the server stops.
        let token: String = try await buildApplication(configuration).test(.router) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            _ = try await api.send(.put, "/api/v1/focus/settings", json: #"{"focusSeconds":2}"#, token: token)
            _ = try await api.send(.post, "/api/v1/focus/timer/start", json: #"{"mode":"pomodoro"}"#, token: token)
            return token
        }
        try await Task.sleep(for: .seconds(2.5))

        // Act: the server starts again after the phase ended.
        try await buildApplication(configuration).test(.router) { client in
            let api = APIClient(client: client)
            // Check
            let recorded = try await eventually {
                try await api.send(.get, "/api/v1/focus/sessions", token: token).json()["total"] as? Int == 1
            }
            #expect(recorded)
            try await Task.sleep(for: .milliseconds(300))
            let sessions = try await api.send(.get, "/api/v1/focus/sessions", token: token).json()
            #expect(sessions["total"] as? Int == 1)
            let session = (sessions["sessions"] as? [[String: Any]])?.first
            #expect(session?["actualSeconds"] as? Int == 2)
            #expect(session?["skipped"] as? Bool == false)
        }
    }
}
