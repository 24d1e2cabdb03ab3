import Foundation

extension TimerEngine {
    /// A rest length in seconds: within ``FocusSettings/restRange``.
    public static func restSeconds(_ seconds: Int) throws(FocusError) -> Int {
        guard FocusSettings.restRange.contains(seconds) else {
            throw .invalidDuration("of a rest must be between \(FocusSettings.restRange.lowerBound) and \(FocusSettings.restRange.upperBound) seconds")
        }
        return seconds
    }

    /// Starts a rest between sets (also straight from the alarm of the previous one) and opens a
    /// workout if none is open.
    func startRest(seconds: Int?, _ transition: inout TimerTransition, settings: FocusSettings, at now: Date) throws(FocusError) {
        let seconds = try Self.restSeconds(seconds ?? settings.restSeconds)
        if transition.state.phase == .alarm && transition.state.mode == .rest {
            try dismiss(&transition, at: now)
        }
        try requireIdle(for: .startRest(seconds: seconds), transition.state)
        if transition.state.workout == nil { transition.state.workout = Workout(startedAt: now) }
        begin(.rest, mode: .rest, seconds: seconds, &transition, settings: settings, at: now)
    }

    /// Adds a finished or stopped rest to the open workout.
    func countRest(_ session: FocusSession, in transition: inout TimerTransition, endingAt time: Date) {
        transition.state.workout?.rests += 1
        transition.state.workout?.restSeconds += session.actualSeconds
        transition.state.workout?.lastRestEndedAt = time
    }

    /// Closes the workout with its summary; a rest still running is stopped and counted.
    func endWorkout(_ transition: inout TimerTransition, at now: Date) throws(FocusError) {
        guard transition.state.workout != nil else { throw notAllowed(.endWorkout, transition.state) }
        switch transition.state.phase {
        case .rest: stopRun(&transition, at: now)
        case .alarm: try dismiss(&transition, at: now)
        default: break
        }
        closeWorkout(&transition, at: now)
    }

    /// Records the open workout, if any, and clears it. A workout closed by starting another timer
    /// ended with its last rest, not when the other timer started (maybe the next day).
    func closeWorkout(_ transition: inout TimerTransition, at now: Date, explicitly: Bool = true) {
        guard let workout = transition.state.workout else { return }
        let end = explicitly ? now : (workout.lastRestEndedAt ?? workout.startedAt)
        let summary = WorkoutSummary(id: ids.next(), startedAt: workout.startedAt, endedAt: end,
                                     rests: workout.rests, restSeconds: workout.restSeconds)
        transition.state.workout = nil
        transition.events.append(TimerEvent(.workoutEnded, at: now, phase: transition.state.phase, workout: summary))
    }
}
