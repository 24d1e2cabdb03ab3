import Foundation

/// What a change of a person's timer pushes to their devices, as the original apps notify: a
/// Pomodoro phase's end with the next step's buttons, a countdown's or a rest's alarm that stays
/// until acted on, and, when an alarm is dismissed anywhere, a quiet replacement that clears it
/// on the other devices. Pure: the transition and the settings decide.
public enum TimerNotifications {
    /// Every timer notification shares one tag, so each replaces the one before on a device.
    public static let tag = "timer"

    public static func notifications(for transition: TimerTransition, settings: PushSettings) -> [PushNotification] {
        var found: [PushNotification] = []
        for event in transition.events {
            switch event.kind {
            case .phaseCompleted where event.session?.skipped == false:
                if [.focus, .shortBreak, .longBreak].contains(event.phase), settings.pomodoroEnds {
                    found.append(pomodoroEnd(event.phase, then: transition.state))
                }
            case .alarm:
                if transition.state.mode == .rest, settings.rests {
                    found.append(restEnd(transition.state))
                } else if transition.state.mode == .countdown, settings.countdowns {
                    found.append(countdownEnd(transition.state))
                }
            case .dismissed:
                if transition.state.mode == .rest ? settings.rests : settings.countdowns {
                    found.append(cleared(transition.state.mode == .rest ? "Rest dismissed" : "Alarm dismissed"))
                }
            case .phaseStarted where event.phase == .focus && settings.focusDoNotDisturb:
                found.append(doNotDisturb(transition.state))
            default:
                continue
            }
        }
        // A later notification of the same tag replaces an earlier one of the same change (a rest
        // started from the alarm dismisses it, then nothing rings): only the last of each tag counts.
        return found.enumerated().filter { index, notification in
            !found[(index + 1)...].contains { $0.tag == notification.tag }
        }.map(\.element)
    }

    static func pomodoroEnd(_ phase: TimerPhase, then state: TimerState) -> PushNotification {
        let running = state.run != nil
        if phase == .focus {
            let longBreak = state.phase == .longBreak || (!running && state.cyclePosition >= state.settings.sessionsUntilLongBreak)
            let length = lengthName(longBreak ? state.settings.longBreakSeconds : state.settings.shortBreakSeconds)
            var notification = PushNotification(
                kind: .pomodoro, title: "Focus done",
                body: running ? "Your \(length) break has started." : "Time for a \(length) break.",
                tag: tag, url: "/focus")
            notification.actions = running
                ? [.init(action: "skip", title: "Skip break")]
                : [.init(action: "startBreak", title: "Start break"), .init(action: "startFocus", title: "Skip")]
            notification.renotify = true
            return notification
        }
        var notification = PushNotification(
            kind: .pomodoro, title: "Break over",
            body: running ? "Your \(lengthName(state.settings.focusSeconds)) focus session has started." : "Ready to focus again?",
            tag: tag, url: "/focus")
        notification.actions = running ? [] : [.init(action: "startFocus", title: "Start focus")]
        notification.renotify = true
        return notification
    }

    static func countdownEnd(_ state: TimerState) -> PushNotification {
        let time = state.countdownTarget.map { "It is \($0)." } ?? "Time is up."
        var notification = PushNotification(kind: .countdown, title: "Countdown done", body: time, tag: tag, url: "/focus")
        notification.actions = [.init(action: "dismiss", title: "Dismiss")]
        ringing(&notification)
        return notification
    }

    static func restEnd(_ state: TimerState) -> PushNotification {
        let rests = state.workout?.rests ?? 1
        var notification = PushNotification(
            kind: .rest, title: "Rest over",
            body: "Time for your next set. \(rests.counted(Noun("rest"))) so far.", tag: tag, url: "/focus/rest")
        notification.actions = [.init(action: "startRest", title: "Start next rest"), .init(action: "endWorkout", title: "End workout")]
        ringing(&notification)
        return notification
    }

    /// An alarm: it stays until acted on and sounds again, and the app's icon shows it.
    static func ringing(_ notification: inout PushNotification) {
        notification.requireInteraction = true
        notification.renotify = true
        notification.badge = 1
    }

    static func cleared(_ title: String) -> PushNotification {
        var notification = PushNotification(kind: .cleared, title: title, body: "Stopped on another device.", tag: tag, url: "/focus")
        notification.silent = true
        notification.closes = true
        notification.badge = 0
        return notification
    }

    static func doNotDisturb(_ state: TimerState) -> PushNotification {
        PushNotification(kind: .doNotDisturb, title: "Start Do Not Disturb?",
                         body: "A \(lengthName(state.settings.focusSeconds)) focus session has started.", tag: "focus-dnd", url: "/focus")
    }

    /// "5-minute", or "45-second" for a phase that is not whole minutes.
    static func lengthName(_ seconds: Int) -> String {
        seconds % 60 == 0 ? "\(seconds / 60)-minute" : "\(seconds)-second"
    }
}
