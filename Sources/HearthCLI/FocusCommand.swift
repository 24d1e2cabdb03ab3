import ArgumentParser
import Foundation
import HearthAPI

/// `hearth focus ...`: the same timer as every browser tab, from the terminal.
struct FocusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus", abstract: "Control and watch your timer (Pomodoro, countdown, rest).",
        subcommands: [Start.self, Pause.self, Resume.self, Skip.self, Reset.self, Extend.self, Status.self, Watch.self, Stats.self,
                      FocusSettingsCommand.self, FocusHistoryCommand.self],
        defaultSubcommand: Status.self
    )

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a timer.",
            discussion: """
                hearth focus start                    a Pomodoro focus session
                hearth focus start pomodoro --break   a break (a long one when the cycle is due)
                hearth focus start countdown 17:30    count down to 17:30 (tomorrow if it has passed)
                hearth focus start rest [SECONDS]     a rest between sets (your rest setting by default)
                """
        )

        @Argument(help: "pomodoro, countdown or rest.") var mode: String = "pomodoro"
        @Argument(help: "HH:MM for a countdown; seconds for a rest.") var value: String?
        @Option(help: "What the focus session is for.") var label: String?
        @Flag(name: .customLong("break"), help: "Start a Pomodoro break instead of focus.") var takeBreak = false

        func run() async throws {
            let request: Components.Schemas.StartTimer
            switch mode {
            case "pomodoro":
                request = .init(mode: .pomodoro, phase: takeBreak ? ._break : .focus, label: label)
            case "countdown":
                guard let value else { throw ValidationError("Give the time to count down to, e.g. `hearth focus start countdown 17:30`.") }
                request = .init(mode: .countdown, target: value)
            case "rest":
                guard value.map({ Int($0) != nil }) ?? true else { throw ValidationError("The rest length is a number of seconds.") }
                request = .init(mode: .rest, seconds: value.flatMap { Int($0) })
            default:
                throw ValidationError("Unknown mode “\(mode)”: use pomodoro, countdown or rest.")
            }
            let client = try TimerClient.shared()
            client.print(try await client.start(request))
        }
    }

    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pause the running phase.")
        func run() async throws { try await TimerClient.shared().command(.simple(.pause)) }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Resume a paused phase.")
        func run() async throws { try await TimerClient.shared().command(.simple(.resume)) }
    }

    struct Skip: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "End the Pomodoro phase now and move on.")
        func run() async throws { try await TimerClient.shared().command(.simple(.skip)) }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop and go back to idle (the Pomodoro cycle starts over).")
        func run() async throws { try await TimerClient.shared().command(.simple(.reset)) }
    }

    struct Extend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add seconds to the phase (negative to shorten a rest).")
        @Argument(help: "Seconds to add.") var seconds: Int
        func run() async throws { try await TimerClient.shared().command(.extend(seconds)) }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the timer.")
        func run() async throws {
            let client = try TimerClient.shared()
            client.print(try await client.timer())
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Focus minutes, sessions and streaks.")
        func run() async throws {
            let stats = try await TimerClient.shared().stats()
            func line(_ name: String, _ totals: Components.Schemas.FocusTotals) -> String {
                "\(name.padding(toLength: 11, withPad: " ", startingAt: 0)) \(totals.focusSeconds / 60) min, \(totals.completedSessions) completed"
            }
            Swift.print(line("Today", stats.today))
            Swift.print(line("This week", stats.week))
            Swift.print(line("This month", stats.month))
            Swift.print("Streak      \(stats.currentStreak.counted(.day)) (longest \(stats.longestStreak.counted(.day)))")
            Swift.print("Workouts    \(stats.workouts.workouts), \(stats.workouts.rests) rests")
        }
    }
}
