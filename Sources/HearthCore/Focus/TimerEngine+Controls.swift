import Foundation

/// Pause, resume, extend, reset and dismiss: the same for every mode that allows them.
extension TimerEngine {
    /// Freezes the remaining time. A rest cannot pause: people stop it or adjust it instead.
    func pause(_ transition: inout TimerTransition, at now: Date) throws(FocusError) {
        guard var run = transition.state.run, let endsAt = run.endsAt, transition.state.phase != .rest else {
            throw notAllowed(.pause, transition.state)
        }
        run.elapsedBeforePause = run.elapsed(at: now)
        run.pausedRemaining = endsAt.timeIntervalSince(now)
        run.endsAt = nil
        run.runningSince = nil
        transition.state.run = run
        transition.events.append(TimerEvent(.paused, at: now, phase: transition.state.phase))
    }

    /// Continues from the remaining time, so the end moves later by the length of the pause.
    func resume(_ transition: inout TimerTransition, at now: Date) throws(FocusError) {
        guard var run = transition.state.run, run.endsAt == nil, let remaining = run.pausedRemaining else {
            throw notAllowed(.resume, transition.state)
        }
        run.endsAt = now + remaining
        run.runningSince = now
        run.pausedRemaining = nil
        transition.state.run = run
        transition.events.append(TimerEvent(.resumed, at: now, phase: transition.state.phase))
    }

    /// Adds (or, negative, takes away) seconds. At least one second always stays, and no phase
    /// grows past a day.
    func extend(by seconds: Int, _ transition: inout TimerTransition, at now: Date) throws(FocusError) {
        guard var run = transition.state.run else { throw notAllowed(.extend(seconds: seconds), transition.state) }
        guard seconds != 0 else { throw .invalidDuration("to extend by must not be zero") }
        guard (-Self.maximumPhaseSeconds...Self.maximumPhaseSeconds).contains(seconds) else {
            throw .invalidDuration("to extend by must be at most \(Self.maximumPhaseSeconds / 3600) hours")
        }
        let remaining = run.remaining(at: now)
        let delta = TimeInterval(max(seconds, -max(0, Int((remaining - 1).rounded(.down)))))
        guard run.plannedSeconds + Int(delta) <= Self.maximumPhaseSeconds else {
            throw .invalidDuration("of a phase must stay under \(Self.maximumPhaseSeconds / 3600) hours")
        }
        if let endsAt = run.endsAt { run.endsAt = endsAt + delta } else { run.pausedRemaining = remaining + delta }
        run.plannedSeconds += Int(delta)
        transition.state.run = run
        transition.events.append(TimerEvent(.extended, at: now, phase: transition.state.phase))
    }

    /// Back to idle. A Pomodoro cycle starts over; a stopped countdown or rest is recorded as
    /// skipped (a rest still counts in its workout); a Pomodoro phase in progress is dropped (skip
    /// is the way to keep it). Refused when there is nothing to reset.
    func reset(_ transition: inout TimerTransition, at now: Date) throws(FocusError) {
        let phase = transition.state.phase
        if phase == .idle && transition.state.cyclePosition == 0 { throw notAllowed(.reset, transition.state) }
        switch phase {
        case .countdown, .rest: stopRun(&transition, at: now)
        case .alarm: try? dismiss(&transition, at: now)
        default: transition.state.run = nil
        }
        transition.state.phase = .idle
        transition.state.alarmSince = nil
        transition.state.cyclePosition = 0
        transition.events.append(TimerEvent(.reset, at: now, phase: phase))
    }

    /// Silences the alarm (by a person, or by itself after five minutes).
    func dismiss(_ transition: inout TimerTransition, at time: Date) throws(FocusError) {
        guard transition.state.phase == .alarm else { throw notAllowed(.dismiss, transition.state) }
        transition.state.phase = .idle
        transition.state.alarmSince = nil
        transition.events.append(TimerEvent(.dismissed, at: time, phase: .alarm))
    }

    /// Ends a countdown or rest early without the alarm, recording it as skipped.
    func stopRun(_ transition: inout TimerTransition, at now: Date) {
        guard let run = transition.state.run else { return }
        let phase = transition.state.phase
        let session = FocusSession(
            id: ids.next(), kind: phase, startedAt: run.startedAt, endedAt: now, plannedSeconds: run.plannedSeconds,
            actualSeconds: Int(run.elapsed(at: now).rounded()), skipped: true, label: run.label
        )
        transition.state.run = nil
        transition.state.phase = .idle
        transition.events.append(TimerEvent(.phaseCompleted, at: now, phase: phase, session: session))
        if phase == .rest { countRest(session, in: &transition, endingAt: now) }
    }
}
