import ArgumentParser
import Foundation
import HearthAPI
import HearthCore
import OpenAPIRuntime

/// The timer endpoints for the CLI, with the saved token and one way of reporting problems.
struct TimerClient {
    let connection: APIConnection

    static func shared() throws -> TimerClient {
        TimerClient(connection: try APIConnection(try ClientConfiguration.load()))
    }

    enum Command {
        case simple(Operations.TimerCommand.Input.Path.CommandPayload)
        case extend(Int)
    }

    func timer() async throws -> Components.Schemas.TimerState {
        switch try await connection.call({ try await $0.getTimer() }) {
        case .ok(let ok): try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func start(_ request: Components.Schemas.StartTimer) async throws -> Components.Schemas.TimerState {
        switch try await connection.call({ try await $0.startTimer(body: .json(request)) }) {
        case .ok(let ok): return try ok.body.json
        case .conflict(let problem):
            // Another phase runs: say how to end it, or how to see what it is.
            throw CLIError("\(CLIError(problem: problem).description) Stop it first with `hearth focus reset` (`hearth focus status` shows it).")
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// Sends a command and prints the timer it leaves.
    func command(_ command: Command) async throws {
        let state: Components.Schemas.TimerState = try await connection.call { client in
            switch command {
            case .extend(let seconds):
                switch try await client.extendTimer(body: .json(.init(seconds: seconds))) {
                case .ok(let ok): try ok.body.json
                case let other: throw CLIError(unexpected: other)
                }
            case .simple(let name):
                switch try await client.timerCommand(path: .init(command: name)) {
                case .ok(let ok): try ok.body.json
                case let other: throw CLIError(unexpected: other)
                }
            }
        }
        print(state)
    }

    func stats() async throws -> Components.Schemas.FocusStats {
        switch try await connection.call({ try await $0.getFocusStats(query: .init(range: .week)) }) {
        case .ok(let ok): try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func settings() async throws -> FocusSettings {
        switch try await connection.call({ try await $0.getFocusSettings() }) {
        case .ok(let ok): return try Self.convert(try ok.body.json)
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// Saves the settings and answers them as the server keeps them.
    func saveSettings(_ settings: FocusSettings) async throws -> FocusSettings {
        let body: Components.Schemas.FocusSettings = try Self.convert(settings)
        switch try await connection.call({ try await $0.putFocusSettings(body: .json(body)) }) {
        case .ok(let ok): return try Self.convert(try ok.body.json)
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// The API's settings and HearthCore's have the same JSON.
    private static func convert<From: Encodable, To: Decodable>(_ value: From) throws -> To {
        try JSONDecoder().decode(To.self, from: JSONEncoder().encode(value))
    }

    /// How many sessions the history has, all or before `before` (a day in the account's time zone).
    func sessionCount(before: CalendarDate?) async throws -> Int {
        let to = before.flatMap { $0.adding(days: -1) }?.description
        switch try await connection.call({ try await $0.listFocusSessions(query: .init(to: to, limit: 1)) }) {
        case .ok(let ok): return try ok.body.json.total
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// Clears the history, all or before `before` (YYYY-MM-DD); answers how many entries went.
    func clearHistory(before: String?) async throws -> Int {
        switch try await connection.call({ try await $0.clearFocusSessions(query: .init(before: before)) }) {
        case .ok(let ok): return try ok.body.json.deleted
        case let other: throw CLIError(unexpected: other)
        }
    }

    func print(_ state: Components.Schemas.TimerState) {
        Swift.print(TimerText.status(state))
    }
}
