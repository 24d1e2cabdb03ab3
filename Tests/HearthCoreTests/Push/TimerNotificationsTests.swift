import Foundation
import Testing
@testable import HearthCore

@Suite struct TimerNotificationsTests {
    func pushed(_ timer: TimerHarness, settings: PushSettings = PushSettings()) -> [PushNotification] {
        TimerNotifications.notifications(for: timer.last, settings: settings)
    }

    @Test func aFocusSessionsEndOffersTheBreakWithItsLength() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        #expect(pushed(timer).isEmpty)
        timer.waitForPhaseEnd()
        let notification = try #require(pushed(timer).only)
        #expect(notification.title == "Focus done")
        #expect(notification.body == "Time for a 5-minute break.")
        #expect(notification.actions.map(\.action) == ["startBreak", "startFocus"])
        #expect(notification.actions.map(\.title) == ["Start break", "Skip"])
        #expect(notification.tag == "timer" && !notification.requireInteraction)
    }

    @Test func theFourthFocusSessionOffersTheLongBreak() throws {
        var timer = TimerHarness { $0.autoStartBreaks = true; $0.longBreakSeconds = 20 * 60 }
        for _ in 1...3 {
            try timer.send(.startFocus(label: nil))
            timer.waitForPhaseEnd()  // focus ends, the break starts by itself
            #expect(pushed(timer).only?.body == "Your 5-minute break has started.")
            #expect(pushed(timer).only?.actions.map(\.action) == ["skip"])
            timer.waitForPhaseEnd()
        }
        try timer.send(.startFocus(label: nil))
        timer.waitForPhaseEnd()
        #expect(pushed(timer).only?.body == "Your 20-minute break has started.")
    }

    @Test func aBreaksEndAsksForFocusOrSaysItStarted() throws {
        var timer = TimerHarness()
        try timer.send(.startBreak)
        timer.waitForPhaseEnd()
        #expect(pushed(timer).only?.title == "Break over")
        #expect(pushed(timer).only?.actions.map(\.action) == ["startFocus"])

        var automatic = TimerHarness { $0.autoStartFocus = true; $0.focusSeconds = 50 * 60 }
        try automatic.send(.startBreak)
        automatic.waitForPhaseEnd()
        #expect(pushed(automatic).only?.body == "Your 50-minute focus session has started.")
    }

    @Test func aSkippedPhaseIsNotPushed() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        timer.wait(60)
        try timer.send(.skip)
        #expect(pushed(timer).isEmpty)
    }

    @Test func aRestsAlarmStaysUntilActedOnWithTheWorkoutsButtons() throws {
        var timer = TimerHarness()
        try timer.send(.startRest(seconds: 60))
        timer.waitForPhaseEnd()
        let alarm = try #require(pushed(timer).only)
        #expect(alarm.title == "Rest over" && alarm.body == "Time for your next set. 1 rest so far.")
        #expect(alarm.actions.map(\.action) == ["startRest", "endWorkout"])
        #expect(alarm.requireInteraction && alarm.renotify && alarm.badge == 1 && alarm.url == "/focus/rest")
    }

    @Test func aCountdownsAlarmNamesItsTime() throws {
        var timer = TimerHarness()
        try timer.send(.startCountdown(TimeOfDay(parsing: "09:30")))
        timer.waitForPhaseEnd()
        let alarm = try #require(pushed(timer).only)
        #expect(alarm.kind == .countdown && alarm.body == "It is 09:30." && alarm.requireInteraction)
        #expect(alarm.actions.map(\.action) == ["dismiss"])
    }

    @Test func anAlarmStoppedAnywhereIsClearedQuietlyOnTheOtherDevices() throws {
        for stop in [TimerCommand.dismiss, .endWorkout, .startRest(seconds: nil), .reset] {
            var timer = TimerHarness()
            try timer.send(.startRest(seconds: 30))
            timer.waitForPhaseEnd()
            try timer.send(stop)
            let cleared = try #require(pushed(timer).only, "\(stop)")
            #expect(cleared.kind == .cleared && cleared.title == "Rest dismissed" && cleared.closes && cleared.silent)
            #expect(cleared.tag == "timer" && cleared.badge == 0)
        }
    }

    @Test func anAlarmNobodyStopsIsClearedWhenItStopsByItself() throws {
        var timer = TimerHarness()
        try timer.send(.startCountdown(TimeOfDay(parsing: "08:10")))
        timer.waitForPhaseEnd()
        timer.wait(TimerEngine.alarmAutoDismiss)
        #expect(pushed(timer).only?.title == "Alarm dismissed")
    }

    @Test func eachKindCanBeSwitchedOff() throws {
        var quiet = PushSettings()
        quiet.pomodoroEnds = false
        quiet.rests = false
        quiet.countdowns = false
        var focus = TimerHarness()
        try focus.send(.startFocus(label: nil))
        focus.waitForPhaseEnd()
        #expect(pushed(focus, settings: quiet).isEmpty)
        var rest = TimerHarness()
        try rest.send(.startRest(seconds: 30))
        rest.waitForPhaseEnd()
        #expect(pushed(rest, settings: quiet).isEmpty)
        try rest.send(.dismiss)
        #expect(pushed(rest, settings: quiet).isEmpty)
        var countdown = TimerHarness()
        try countdown.send(.startCountdown(TimeOfDay(parsing: "08:10")))
        countdown.waitForPhaseEnd()
        #expect(pushed(countdown, settings: quiet).isEmpty)
        quiet.countdowns = true
        #expect(pushed(countdown, settings: quiet).count == 1)
    }

    @Test func doNotDisturbIsAskedOnlyWhenSwitchedOn() throws {
        var timer = TimerHarness()
        try timer.send(.startFocus(label: nil))
        #expect(pushed(timer).isEmpty)
        var asking = PushSettings()
        asking.focusDoNotDisturb = true
        #expect(pushed(timer, settings: asking).only?.title == "Start Do Not Disturb?")
        #expect(pushed(timer, settings: asking).only?.body == "A 25-minute focus session has started.")
    }

    @Test func shortPhasesAreNamedInSeconds() throws {
        var timer = TimerHarness { $0.shortBreakSeconds = 45 }
        try timer.send(.startFocus(label: nil))
        timer.waitForPhaseEnd()
        #expect(pushed(timer).only?.body == "Time for a 45-second break.")
    }

    @Test func storedSettingsWithoutANewSwitchTakeItsDefault() throws {
        let old = try JSONDecoder().decode(PushSettings.self, from: Data(#"{"rests": false}"#.utf8))
        #expect(!old.rests && old.pomodoroEnds && !old.listAdditions)
    }
}

extension Array {
    /// The one element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
