import ArgumentParser
import Foundation
import HearthReports
import HearthServer
import HearthStore

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Back up your household, restore it, or copy the whole database.",
        subcommands: [Create.self, Restore.self, Encrypt.self, Decrypt.self, DatabaseCopy.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download your household's backup: a ZIP with the photos and receipt images, or the JSON alone."
        )

        @Option(name: .shortAndLong, help: "The file to write (default: the name the server gives, in this folder).") var output: String?
        @Flag(help: "Only the JSON, without photos and receipt images.") var noMedia = false

        func run() async throws {
            let client = BackupClient(connection: try APIConnection(try ClientConfiguration.load()))
            let written = try await client.download(withMedia: !noMedia, to: output)
            print("Backed up to \(written.path) (\(ByteCountFormatter.string(fromByteCount: written.size, countStyle: .file))).")
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Restore a backup into your household: merge it with what is there, or replace the inventory with it."
        )

        @Argument(help: "A backup file: Hearth's (.zip, .json, or .zip.enc encrypted) or a Nestory Pro backup (.json).") var file: String
        @Flag(help: "Add the backup; keep what is there (items with the same id are skipped).") var merge = false
        @Flag(help: "Clear items, receipts and added rooms and categories first.") var replace = false
        @Flag(name: .customLong("dry-run"), help: "Only say what a restore would do.") var dryRun = false

        func validate() throws {
            guard merge != replace else { throw ValidationError("Choose one of --merge or --replace.") }
        }

        func run() async throws {
            let client = BackupClient(connection: try APIConnection(try ClientConfiguration.load()))
            let url = URL(fileURLWithPath: file)
            // An encrypted backup is opened on the server, with the passphrase sent beside it.
            let passphrase = BackupCipher.isEncrypted(url) ? try BackupPassphrase.read(twice: false) : nil
            let report = try await client.restore(url, strategy: replace ? .replace : .merge, dryRun: dryRun, passphrase: passphrase)
            print(BackupClient.describe(report))
        }
    }

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
