import Foundation

extension TimerEngine {
    func startFocus(label: String?, _ transition: inout TimerTransition, settings: FocusSettings, at now: Date) throws(FocusError) {
        try requireIdle(for: .startFocus(label: label), transition.state)
        let label = try Self.label(label)
        closeWorkout(&transition, at: now, explicitly: false)
        transition.state.focusLabel = label
        begin(.focus, mode: .pomodoro, seconds: settings.focusSeconds, label: label, &transition, settings: settings, at: now)
    }

    /// A focus label: trimmed, one line, at most ``maximumLabelLength`` characters; blank means none.
    public static func label(_ raw: String?) throws(FocusError) -> String? {
        guard let raw else { return nil }
        do { return try TextRules.line(raw, maximumLength: maximumLabelLength, allowEmpty: true).nilIfEmpty } catch {
            throw .invalidLabel(error.reason)
        }
    }

    func startBreak(_ transition: inout TimerTransition, settings: FocusSettings, at now: Date) throws(FocusError) {
        try requireIdle(for: .startBreak, transition.state)
        closeWorkout(&transition, at: now, explicitly: false)
        // The long break is due by the new settings' cycle length.
        transition.state.settings = settings
        startNextBreak(&transition, settings: settings, at: now)
    }

    /// Ends a Pomodoro phase early: it is recorded with its real running time, marked skipped,
    /// and the timer moves on as if it had ended.
    func skip(_ transition: inout TimerTransition, settings: FocusSettings, at now: Date) throws(FocusError) {
        guard [.focus, .shortBreak, .longBreak].contains(transition.state.phase) else {
            throw notAllowed(.skip, transition.state)
        }
        complete(&transition, at: now, skipped: true, settings: settings)
    }

    /// After a focus session: count it (unless skipped) and offer the break; after a break: offer focus.
    /// A skipped focus moves the cycle on only with ``FocusSettings/skippedFocusCountsTowardsLongBreak``,
    /// and is never a completed session. The next phase starts at once when the matching auto-start
    /// setting is on.
    func moveOnFromPomodoro(_ finished: TimerPhase, _ transition: inout TimerTransition, at time: Date, skipped: Bool,
                            settings: FocusSettings) {
        transition.state.phase = .idle
        transition.state.settings = settings
        if finished == .focus {
            if !skipped || settings.skippedFocusCountsTowardsLongBreak { transition.state.cyclePosition += 1 }
            if !skipped {
                let day = today(at: time)
                transition.state.completedToday = transition.state.completedFocusSessions(today: day) + 1
                transition.state.completedDay = day
            }
            if settings.autoStartBreaks { startNextBreak(&transition, settings: settings, at: time) }
        } else if settings.autoStartFocus {
            begin(.focus, mode: .pomodoro, seconds: settings.focusSeconds, label: transition.state.focusLabel,
                  &transition, settings: settings, at: time)
        }
    }

    /// A long break when the cycle is due (which starts a new cycle), else a short one.
    func startNextBreak(_ transition: inout TimerTransition, settings: FocusSettings, at time: Date) {
        if transition.state.cyclePosition >= settings.sessionsUntilLongBreak {
            transition.state.cyclePosition = 0
            begin(.longBreak, mode: .pomodoro, seconds: settings.longBreakSeconds, &transition, settings: settings, at: time)
        } else {
            begin(.shortBreak, mode: .pomodoro, seconds: settings.shortBreakSeconds, &transition, settings: settings, at: time)
        }
    }
}
