import Foundation
import HearthAPI
import HearthCore
import OpenAPIRuntime

/// The Focus endpoints: the timer, its settings, the history and statistics.
extension HearthAPIService {
    func getTimer(_ input: Operations.GetTimer.Input) async throws -> Operations.GetTimer.Output {
        let user = try APIRequest.requireUser()
        let timer = try await services.focus.timer(for: user)
        return .ok(.init(body: .json(.init(timer.state, settings: timer.settings, now: services.clock.now, timeZone: user.zone))))
    }

    func startTimer(_ input: Operations.StartTimer.Input) async throws -> Operations.StartTimer.Output {
        let body = switch input.body { case .json(let body): body }
        return .ok(.init(body: .json(try await run(try Self.command(starting: body), madeAt: body.madeAt))))
    }

    func timerCommand(_ input: Operations.TimerCommand.Input) async throws -> Operations.TimerCommand.Output {
        let command: TimerCommand = switch input.path.command {
        case .pause: .pause
        case .resume: .resume
        case .skip: .skip
        case .reset: .reset
        case .dismiss: .dismiss
        case .endWorkout: .endWorkout
        }
        let madeAt: Date? = switch input.body { case .json(let options): options.madeAt; case nil: nil }
        return .ok(.init(body: .json(try await run(command, madeAt: madeAt))))
    }

    func extendTimer(_ input: Operations.ExtendTimer.Input) async throws -> Operations.ExtendTimer.Output {
        let body = switch input.body { case .json(let body): body }
        return .ok(.init(body: .json(try await run(.extend(seconds: body.seconds), madeAt: body.madeAt))))
    }

    func getFocusSettings(_ input: Operations.GetFocusSettings.Input) async throws -> Operations.GetFocusSettings.Output {
        let user = try APIRequest.requireUser()
        return .ok(.init(body: .json(try Self.dto(try await services.focus.store.settings(userId: user.id)))))
    }

    func putFocusSettings(_ input: Operations.PutFocusSettings.Input) async throws -> Operations.PutFocusSettings.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let settings = try Self.settings(from: body).validated()
        try await services.focus.store.saveSettings(settings, userId: user.id)
        return .ok(.init(body: .json(try Self.dto(settings))))
    }

    /// Applies a command (made at `madeAt`, when sent late) to the caller's timer and returns the new state.
    private func run(_ command: TimerCommand, madeAt: Date?) async throws -> Components.Schemas.TimerState {
        let user = try APIRequest.requireUser()
        let timer = try await services.focus.handle(command, madeAt: madeAt, for: user)
        return .init(timer.state, settings: timer.settings, now: services.clock.now, timeZone: user.zone)
    }

    /// The command a start request asks for. Every field sent is checked, also one the mode does
    /// not use, so a request is refused or accepted the same way whatever its mode.
    static func command(starting body: Components.Schemas.StartTimer) throws -> TimerCommand {
        let target = try body.target.map { try TimeOfDay(parsing: $0) }
        let label = try TimerEngine.label(body.label)
        let seconds = try body.seconds.map { try TimerEngine.restSeconds($0) }
        switch body.mode {
        case .pomodoro:
            return body.phase == ._break ? .startBreak : .startFocus(label: label)
        case .countdown:
            guard let target else { throw FocusError.invalidTarget("") }
            return .startCountdown(target)
        case .rest:
            return .startRest(seconds: seconds)
        }
    }

    /// Settings travel as JSON with the same field names in the API and the database.
    static func settings(from dto: Components.Schemas.FocusSettings) throws -> FocusSettings {
        try JSONDecoder().decode(FocusSettings.self, from: JSONEncoder().encode(dto))
    }

    static func dto(_ settings: FocusSettings) throws -> Components.Schemas.FocusSettings {
        try JSONDecoder().decode(Components.Schemas.FocusSettings.self, from: JSONEncoder().encode(settings))
    }
}

extension Components.Schemas.TimerState {
    /// The API's view of a timer. The cycle length comes from the user's current settings, which the
    /// next break will use, not from the snapshot of the phase that ran last.
    init(_ state: TimerState, settings: FocusSettings, now: Date, timeZone: TimeZone) {
        self.init(
            mode: .init(rawValue: state.mode.rawValue) ?? .pomodoro,
            phase: .init(rawValue: state.phase.rawValue) ?? .idle,
            paused: state.isPaused,
            startedAt: state.run?.startedAt,
            endsAt: state.run?.endsAt,
            remainingSeconds: state.remainingSeconds(at: now),
            plannedSeconds: state.run?.plannedSeconds ?? 0,
            target: state.mode == .countdown ? state.countdownTarget?.description : nil,
            label: state.run?.label,
            now: now,
            cyclePosition: state.cyclePosition,
            sessionsUntilLongBreak: settings.sessionsUntilLongBreak,
            completedToday: state.completedFocusSessions(today: LocalDay.number(of: now, in: timeZone)),
            longBreakDue: state.cyclePosition >= settings.sessionsUntilLongBreak,
            alarmSince: state.alarmSince,
            workout: state.workout.map { .init(startedAt: $0.startedAt, rests: $0.rests, restSeconds: $0.restSeconds) }
        )
    }
}
