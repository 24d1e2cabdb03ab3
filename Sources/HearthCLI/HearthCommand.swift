import ArgumentParser
import HearthCore

/// The `hearth` command: runs the server and talks to one.
// ArgumentParser dispatches to the async entry point only when the root command carries an
// availability annotation (its check runs before the platform minimums are known).
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
public struct HearthCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "Hearth: Focus timers, home inventory and shopping lists for a household.",
        version: HearthVersion.current,
        subcommands: [Serve.self, Migrate.self, Routes.self, BackupCommand.self, UserCommand.self, Login.self, Logout.self, Whoami.self, AppearanceCommand.self, SecurityCommand.self, FocusCommand.self, ListsCommand.self, InventoryCommand.self, Version.self]
    )

    public init() {}
}

struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the version.")

    func run() {
        print("hearth \(HearthVersion.current)")
    }
}
