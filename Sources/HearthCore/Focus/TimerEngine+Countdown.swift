import Foundation

extension TimerEngine {
    /// Counts down to the next occurrence of `target` in the user's time zone (tomorrow when it has passed).
    func startCountdown(_ target: TimeOfDay, _ transition: inout TimerTransition, settings: FocusSettings, at now: Date) throws(FocusError) {
        try requireIdle(for: .startCountdown(target), transition.state)
        closeWorkout(&transition, at: now, explicitly: false)
        let end = try target.nextOccurrence(after: now, in: timeZone)
        transition.state.countdownTarget = target
        begin(.countdown, mode: .countdown, seconds: 0, &transition, settings: settings, at: now)
        // The phase lasts until the target itself, not a whole number of seconds from now; planned
        // and (at the end) actual seconds are rounded alike, so a full countdown logs 02:58 of 02:58.
        transition.state.run?.endsAt = end
        transition.state.run?.plannedSeconds = Int(end.timeIntervalSince(now).rounded())
    }
}
