import ArgumentParser
import HearthCore
import HearthServer

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage accounts directly in the database (works when registration is closed).",
        subcommands: [Create.self, ResetPassword.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a user. Reads the password from standard input.")

        @Option(help: "Display name.") var name: String
        @Option(help: "Email address (used to sign in).") var email: String
        @Option(name: .customLong("time-zone"), help: "IANA time zone, e.g. Europe/Berlin (default: the zone of the device they first sign in from).")
        var timeZone: String?
        @OptionGroup var options: ServerOptions

        func run() async throws {
            let password = try Prompt.secret("Password for \(email): ")
            do {
                let user = try await Administration.createUser(try options.configuration(), name: name, email: email,
                                                               password: password, timeZone: timeZone)
                print("Created \(user.name) <\(user.email)> (\(user.timeZone)) with a household of their own.")
            } catch let error as HearthCore.AccountError {
                throw CLIError(error.message)
            }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password", abstract: "Set a new password (read from standard input) and sign the user out everywhere."
        )

        @Option(help: "Email address of the account.") var email: String
        @OptionGroup var options: ServerOptions

        func run() async throws {
            let password = try Prompt.secret("New password for \(email): ")
            do {
                try await Administration.resetPassword(try options.configuration(), email: email, password: password)
                print("Password changed for \(email); every session and token signed out, two-step sign-in turned off.")
            } catch let error as HearthCore.AccountError {
                throw CLIError(error == .notFound ? "There is no account with the email \(email)." : error.message)
            }
        }
    }
}
