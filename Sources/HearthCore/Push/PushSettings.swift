import Foundation

/// What a person wants pushed to their devices (Settings → Notifications). Each timer's end and
/// warranty and maintenance reminders are on until switched off; list additions and the Do Not Disturb question
/// are off until switched on.
public struct PushSettings: Sendable, Codable, Equatable {
    /// A Pomodoro phase's end (focus done, break over).
    public var pomodoroEnds = true
    /// A countdown reaching its time of day.
    public var countdowns = true
    /// A gym rest's end.
    public var rests = true
    /// 30 and 7 days before an item's warranty ends.
    public var warranties = true
    /// A week before a maintenance task is due, and on the day.
    public var maintenance = true
    /// "Ada added 3 items to Groceries" (at most one per list per 10 minutes).
    public var listAdditions = false
    /// "Start Do Not Disturb?" when a focus session starts from anywhere.
    public var focusDoNotDisturb = false

    public init() {}

    /// Every kind switched on: what a change could push at most.
    public static let everything: PushSettings = {
        var settings = PushSettings()
        (settings.listAdditions, settings.focusDoNotDisturb) = (true, true)
        return settings
    }()

    enum CodingKeys: String, CodingKey {
        case pomodoroEnds, countdowns, rests, warranties, maintenance, listAdditions, focusDoNotDisturb
    }

    /// Reads stored settings; a switch added after they were saved takes its default.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = PushSettings()
        pomodoroEnds = try values.decodeIfPresent(Bool.self, forKey: .pomodoroEnds) ?? defaults.pomodoroEnds
        countdowns = try values.decodeIfPresent(Bool.self, forKey: .countdowns) ?? defaults.countdowns
        rests = try values.decodeIfPresent(Bool.self, forKey: .rests) ?? defaults.rests
        warranties = try values.decodeIfPresent(Bool.self, forKey: .warranties) ?? defaults.warranties
        maintenance = try values.decodeIfPresent(Bool.self, forKey: .maintenance) ?? defaults.maintenance
        listAdditions = try values.decodeIfPresent(Bool.self, forKey: .listAdditions) ?? defaults.listAdditions
        focusDoNotDisturb = try values.decodeIfPresent(Bool.self, forKey: .focusDoNotDisturb) ?? defaults.focusDoNotDisturb
    }
}
