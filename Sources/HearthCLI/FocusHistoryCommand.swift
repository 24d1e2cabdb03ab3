import ArgumentParser
import Foundation
import HearthAPI
import HearthCore

/// `hearth focus history ...`: the finished sessions behind the statistics.
struct FocusHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Your focus history.", subcommands: [Clear.self])

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete your focus history (sessions and gym workouts), all of it or the days before a date.",
            discussion: "Statistics and streaks follow at once. Only your own history; a household member's is never touched."
        )

        @Option(help: "Keep this day (YYYY-MM-DD, your time zone) and later ones.") var before: String?
        @Flag(help: "Do not ask first.") var yes = false

        func validate() throws {
            if let before, CalendarDate(iso: before) == nil { throw ValidationError("--before must be a date written YYYY-MM-DD.") }
        }

        func run() async throws {
            let client = try TimerClient.shared()
            if !yes {
                let count = try await client.sessionCount(before: before.flatMap(CalendarDate.init(iso:)))
                guard count > 0 else {
                    print(before.map { "No sessions before \($0)." } ?? "No sessions in your history.")
                    return
                }
                let which = before.map { "before \($0)" } ?? "in your history"
                let answer = try Prompt.line("Delete the \(count.counted(.session)) \(which) (and gym workouts)? Type yes: ")
                guard answer.lowercased() == "yes" else { throw CLIError("Nothing was deleted.") }
            }
            let deleted = try await client.clearHistory(before: before)
            print(deleted == 1 ? "Deleted 1 entry." : "Deleted \(deleted) entries.")
        }
    }
}
