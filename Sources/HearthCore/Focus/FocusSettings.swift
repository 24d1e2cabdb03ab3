import Foundation

/// A user's timer settings. A running phase keeps the snapshot it started with.
public struct FocusSettings: Sendable, Codable, Equatable {
    public var focusSeconds = 25 * 60
    public var shortBreakSeconds = 5 * 60
    public var longBreakSeconds = 15 * 60
    public var sessionsUntilLongBreak = 4
    public var autoStartBreaks = false
    public var autoStartFocus = false
    /// A skipped focus session moves the cycle on towards the long break (the countdown app's
    /// rule). Off by default: a skipped session is not a completed one.
    public var skippedFocusCountsTowardsLongBreak = false
    /// Rest timer duration.
    public var restSeconds = 90
    /// One of ``FocusSettings/sounds``; "none" is silent.
    public var sound = "bell"
    /// 0...100 percent.
    public var volume = 70
    public var vibration = true
    public var notifications = true
    /// Suggest turning on the device's focus/do-not-disturb mode when a focus session starts.
    public var focusModeSuggestion = false
    public var keepScreenAwake = true
    /// E-ink screens: redraw once a minute instead of every second.
    public var einkMinuteRedraw = false

    public init() {}

    public static let focusRange = 1...(4 * 3600)
    public static let shortBreakRange = 1...3600
    public static let longBreakRange = 1...(2 * 3600)
    public static let sessionsRange = 1...10
    public static let restRange = 5...600
    public static let volumeRange = 0...100
    public static let sounds = ["bell", "chime", "beep", "wood", "none"]

    /// Throws ``FocusError/invalidSetting(_:_:)`` naming the first value out of range.
    public func validated() throws(FocusError) -> FocusSettings {
        try Self.check("focusSeconds", focusSeconds, in: Self.focusRange)
        try Self.check("shortBreakSeconds", shortBreakSeconds, in: Self.shortBreakRange)
        try Self.check("longBreakSeconds", longBreakSeconds, in: Self.longBreakRange)
        try Self.check("sessionsUntilLongBreak", sessionsUntilLongBreak, in: Self.sessionsRange)
        try Self.check("restSeconds", restSeconds, in: Self.restRange)
        try Self.check("volume", volume, in: Self.volumeRange)
        guard Self.sounds.contains(sound) else {
            throw .invalidSetting("sound", "must be one of \(Self.sounds.joined(separator: ", "))")
        }
        return self
    }

    private static func check(_ name: String, _ value: Int, in range: ClosedRange<Int>) throws(FocusError) {
        guard range.contains(value) else {
            throw .invalidSetting(name, "must be between \(range.lowerBound) and \(range.upperBound)")
        }
    }

    /// Planned length of a Pomodoro phase.
    func seconds(for phase: TimerPhase) -> Int {
        switch phase {
        case .focus: focusSeconds
        case .shortBreak: shortBreakSeconds
        case .longBreak: longBreakSeconds
        case .rest: restSeconds
        case .idle, .countdown, .alarm: 0
        }
    }
}

extension FocusSettings {
    enum CodingKeys: String, CodingKey {
        case focusSeconds, shortBreakSeconds, longBreakSeconds, sessionsUntilLongBreak, autoStartBreaks, autoStartFocus
        case skippedFocusCountsTowardsLongBreak
        case restSeconds, sound, volume, vibration, notifications, focusModeSuggestion, keepScreenAwake, einkMinuteRedraw
    }

    /// Missing keys take their defaults, so settings saved by an older Hearth (or a partial API
    /// request) still read.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = FocusSettings()
        focusSeconds = try values.decodeIfPresent(Int.self, forKey: .focusSeconds) ?? defaults.focusSeconds
        shortBreakSeconds = try values.decodeIfPresent(Int.self, forKey: .shortBreakSeconds) ?? defaults.shortBreakSeconds
        longBreakSeconds = try values.decodeIfPresent(Int.self, forKey: .longBreakSeconds) ?? defaults.longBreakSeconds
        sessionsUntilLongBreak = try values.decodeIfPresent(Int.self, forKey: .sessionsUntilLongBreak) ?? defaults.sessionsUntilLongBreak
        autoStartBreaks = try values.decodeIfPresent(Bool.self, forKey: .autoStartBreaks) ?? defaults.autoStartBreaks
        autoStartFocus = try values.decodeIfPresent(Bool.self, forKey: .autoStartFocus) ?? defaults.autoStartFocus
        skippedFocusCountsTowardsLongBreak = try values.decodeIfPresent(Bool.self, forKey: .skippedFocusCountsTowardsLongBreak)
            ?? defaults.skippedFocusCountsTowardsLongBreak
        restSeconds = try values.decodeIfPresent(Int.self, forKey: .restSeconds) ?? defaults.restSeconds
        sound = try values.decodeIfPresent(String.self, forKey: .sound) ?? defaults.sound
        volume = try values.decodeIfPresent(Int.self, forKey: .volume) ?? defaults.volume
        vibration = try values.decodeIfPresent(Bool.self, forKey: .vibration) ?? defaults.vibration
        notifications = try values.decodeIfPresent(Bool.self, forKey: .notifications) ?? defaults.notifications
        focusModeSuggestion = try values.decodeIfPresent(Bool.self, forKey: .focusModeSuggestion) ?? defaults.focusModeSuggestion
        keepScreenAwake = try values.decodeIfPresent(Bool.self, forKey: .keepScreenAwake) ?? defaults.keepScreenAwake
        einkMinuteRedraw = try values.decodeIfPresent(Bool.self, forKey: .einkMinuteRedraw) ?? defaults.einkMinuteRedraw
    }
}
