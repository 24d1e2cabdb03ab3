import ArgumentParser
import Foundation
import HearthAPI
import HearthCore

/// `hearth focus settings ...`: the timer settings every device uses.
struct FocusSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show or change your timer settings.",
        discussion: """
            hearth focus settings                                   every setting and its value
            hearth focus settings set focus 50m                     lengths take a unit: 90s, 25m, 1h30m
            hearth focus settings set skipped-focus-counts-towards-long-break on

            Settings: \(FocusSettingName.all.map(\.name).joined(separator: ", ")).
            """,
        subcommands: [Show.self, Change.self], defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every setting and its value.")
        func run() async throws {
            print(FocusSettingName.table(try await TimerClient.shared().settings()))
        }
    }

    struct Change: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Change one setting.")

        @Argument(help: "The setting, as `hearth focus settings` names it.") var name: String
        @Argument(help: "Its new value: on or off, a number, a length such as 25m, or a sound.") var value: String

        func run() async throws {
            guard let setting = FocusSettingName.named(name) else {
                throw ValidationError("Unknown setting “\(name)”. Settings: \(FocusSettingName.all.map(\.name).joined(separator: ", ")).")
            }
            let client = try TimerClient.shared()
            var settings = try await client.settings()
            try setting.set(value, in: &settings)
            do { settings = try settings.validated() } catch { throw CLIError(error.message) }
            print(FocusSettingName.table(try await client.saveSettings(settings)))
        }
    }
}

/// One timer setting as the CLI names, shows and parses it.
struct FocusSettingName: Sendable {
    let name: String
    let read: @Sendable (FocusSettings) -> String
    let write: @Sendable (inout FocusSettings, String) throws -> Void

    static let all: [FocusSettingName] = [
        .length("focus", \.focusSeconds), .length("short-break", \.shortBreakSeconds), .length("long-break", \.longBreakSeconds),
        .number("sessions-until-long-break", \.sessionsUntilLongBreak),
        .flag("auto-start-breaks", \.autoStartBreaks), .flag("auto-start-focus", \.autoStartFocus),
        .flag("skipped-focus-counts-towards-long-break", \.skippedFocusCountsTowardsLongBreak),
        .length("rest", \.restSeconds),
        FocusSettingName(name: "sound", read: { $0.sound }, write: { settings, value in
            guard FocusSettings.sounds.contains(value) else {
                throw ValidationError("The sound is one of \(FocusSettings.sounds.joined(separator: ", ")).")
            }
            settings.sound = value
        }),
        .number("volume", \.volume), .flag("vibration", \.vibration), .flag("notifications", \.notifications),
        .flag("focus-mode-suggestion", \.focusModeSuggestion), .flag("keep-screen-awake", \.keepScreenAwake),
        .flag("eink-minute-redraw", \.einkMinuteRedraw),
    ]

    static func named(_ name: String) -> FocusSettingName? {
        all.first { $0.name == name.lowercased() }
    }

    static func table(_ settings: FocusSettings) -> String {
        let width = all.map(\.name.count).max() ?? 0
        return all.map { $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.read(settings) }
            .joined(separator: "\n")
    }

    func set(_ value: String, in settings: inout FocusSettings) throws {
        try write(&settings, value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    private static func length(_ name: String, _ path: WritableKeyPath<FocusSettings, Int> & Sendable) -> FocusSettingName {
        FocusSettingName(name: name, read: { Self.lengthText($0[keyPath: path]) }, write: { settings, value in
            guard let seconds = Self.seconds(value) else {
                throw ValidationError("Give \(name) as a length with its unit, e.g. 90s, 25m or 1h30m.")
            }
            settings[keyPath: path] = seconds
        })
    }

    private static func number(_ name: String, _ path: WritableKeyPath<FocusSettings, Int> & Sendable) -> FocusSettingName {
        FocusSettingName(name: name, read: { String($0[keyPath: path]) }, write: { settings, value in
            guard let number = Int(value) else { throw ValidationError("Give \(name) as a whole number.") }
            settings[keyPath: path] = number
        })
    }

    private static func flag(_ name: String, _ path: WritableKeyPath<FocusSettings, Bool> & Sendable) -> FocusSettingName {
        FocusSettingName(name: name, read: { $0[keyPath: path] ? "on" : "off" }, write: { settings, value in
            switch value {
            case "on", "yes", "true": settings[keyPath: path] = true
            case "off", "no", "false": settings[keyPath: path] = false
            default: throw ValidationError("Give \(name) as on or off.")
            }
        })
    }

    /// "25m", "90s", "1h30m", "2m30s": a length with its units (a bare number is refused: minutes or seconds?).
    static func seconds(_ text: String) -> Int? {
        let units: [Character: Int] = ["h": 3600, "m": 60, "s": 1]
        var total = 0, digits = "", lastUnit = Int.max
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character], let amount = Int(digits), unit < lastUnit, amount <= 100_000 {
                total += amount * unit
                digits = ""
                lastUnit = unit
            } else {
                return nil
            }
        }
        return digits.isEmpty && lastUnit != Int.max ? total : nil
    }

    static func lengthText(_ seconds: Int) -> String {
        let (hours, minutes, rest) = (seconds / 3600, seconds % 3600 / 60, seconds % 60)
        return (hours > 0 ? "\(hours)h" : "") + (minutes > 0 ? "\(minutes)m" : "") + (rest > 0 || seconds == 0 ? "\(rest)s" : "")
    }
}
