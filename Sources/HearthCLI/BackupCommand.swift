import ArgumentParser
import Foundation
import HearthServer
import HearthStore

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Back up Hearth's data.", subcommands: [DatabaseCopy.self]
    )

    struct DatabaseCopy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "database",
            abstract: "Copy the SQLite database to a file, consistently, also while the server runs (PostgreSQL: use pg_dump)."
        )

        @Option(name: .shortAndLong, help: "The file to write; it must not exist yet.") var output: String
        @OptionGroup var options: ServerOptions

        func run() async throws {
            do {
                let size = try await Administration.backupDatabase(try options.configuration(), to: output)
                print("Backed up the database to \(output) (\(ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file))); the copy passed the integrity check.")
                print("Keep the key file hearth.key (or HEARTH_SECRET_KEY) with it: webhook secrets are sealed with it.")
            } catch let error as Database.BackupError {
                throw CLIError(error.description)
            }
        }
    }
}
