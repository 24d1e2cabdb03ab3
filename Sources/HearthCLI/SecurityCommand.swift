import ArgumentParser
import Foundation
import HearthAPI
import HearthCore
import HearthReports

/// `hearth security`: two-step sign-in and where you are signed in, as in Settings → Security.
struct SecurityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "security", abstract: "Two-step sign-in, the inventory's lock and where you are signed in.",
        discussion: """
            hearth security                     whether two-step sign-in is on, and every device signed in
            hearth security two-step on         set it up: scan the QR code, type the app's code, keep the recovery codes
            hearth security two-step off        turn it off (asks for your password)
            hearth security sign-out ID         sign out a browser or revoke a token (IDs as the list shows them)
            hearth security remove-passkey ID   remove a passkey (IDs as the list shows them)
            hearth security inventory-lock 5m   lock the inventory in browsers after 5 minutes without use
                                                (never, immediately, 1m, 5m, 15m, 60m; without one: show it)
            """,
        subcommands: [Overview.self, TwoStep.self, SignOut.self, RemovePasskey.self, InventoryLockChoice.self], defaultSubcommand: Overview.self
    )

    struct Overview: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Two-step sign-in's state and every device signed in.")

        func run() async throws {
            let saved = try ClientConfiguration.load()
            let connection = try APIConnection(saved)
            let state = switch try await connection.call({ try await $0.getTwoStep() }) {
            case .ok(let ok): try ok.body.json
            case let other: throw CLIError(unexpected: other)
            }
            print(state.enabled ? "Two-step sign-in: on (\(state.recoveryCodesLeft) of 10 recovery codes left)" : "Two-step sign-in: off")
            if case .ok(let ok) = try await connection.call({ try await $0.getInventoryLock() }) {
                print("Inventory lock: \(InventoryLockChoice.describe(try ok.body.json.lockAfter.rawValue))")
            }
            let passkeys = switch try await connection.call({ try await $0.listPasskeys() }) {
            case .ok(let ok): try ok.body.json.passkeys
            case let other: throw CLIError(unexpected: other)
            }
            print(passkeys.isEmpty ? "Passkeys: none (add one in Settings → Security, on the device it will live on)" : "Passkeys:")
            for passkey in passkeys {
                let used = passkey.lastUsedAt.map { "last used \(Self.format($0, TimeZone.current))" } ?? "not used yet"
                print("  \(passkey.id)  \(passkey.name) · added \(Self.format(passkey.createdAt, TimeZone.current)) · \(used)")
            }
            let sessions = switch try await connection.call({ try await $0.listSessions() }) {
            case .ok(let ok): try ok.body.json.sessions
            case let other: throw CLIError(unexpected: other)
            }
            print("\nSigned in:")
            let zone = TimeZone.current
            for session in sessions {
                let title = session.name.map { "API token “\($0)” (\(session.device))" } ?? session.device
                let used = session.lastUsedAt.map { "last used \(Self.format($0, zone))" } ?? "never used"
                let from = session.address.map { " · from \($0)" } ?? ""
                print("  \(session.id)  \(title)\(session.current ? "  ← this one" : "")")
                print("      since \(Self.format(session.createdAt, zone)) · \(used)\(from)")
            }
        }

        static func format(_ date: Date, _ zone: TimeZone) -> String {
            date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, timeZone: zone))
        }
    }

    struct TwoStep: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "two-step", abstract: "Turn two-step sign-in on or off.")

        @Argument(help: "on or off.") var state: String

        func validate() throws {
            guard ["on", "off"].contains(state) else { throw ValidationError("Say “on” or “off”.") }
        }

        func run() async throws {
            let connection = try APIConnection(try ClientConfiguration.load())
            state == "on" ? try await turnOn(connection) : try await turnOff(connection)
        }

        private func turnOn(_ connection: APIConnection) async throws {
            let password = try Prompt.secret("Password: ")
            let setup = switch try await connection.call({ try await $0.setUpTwoStep() }) {
            case .ok(let ok): try ok.body.json
            case let other: throw CLIError(unexpected: other)
            }
            if let code = QRCode(setup.otpauthUrl) { print(code.terminalText) }
            print("Scan this with your authenticator app, or type this key into it: \(setup.secret)\n")
            let typed = try Prompt.line("The 6 digits the app shows now: ")
            let enabled = switch try await connection.call({ try await $0.enableTwoStep(body: .json(.init(code: typed, password: password))) }) {
            case .ok(let ok): try ok.body.json
            case let other: throw CLIError(unexpected: other)
            }
            print("\nTwo-step sign-in is on. Your recovery codes, each good once without your phone (shown only this once):")
            for code in enabled.recoveryCodes { print("  \(code)") }
        }

        private func turnOff(_ connection: APIConnection) async throws {
            let password = try Prompt.secret("Password: ")
            switch try await connection.call({ try await $0.disableTwoStep(body: .json(.init(password: password))) }) {
            case .noContent: print("Two-step sign-in is off: your password alone signs you in again.")
            case let other: throw CLIError(unexpected: other)
            }
        }
    }

    struct SignOut: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sign-out", abstract: "Sign out a browser or revoke an API token.")

        @Argument(help: "Its ID, as `hearth security` lists it.") var id: String

        func run() async throws {
            let connection = try APIConnection(try ClientConfiguration.load())
            switch try await connection.call({ try await $0.deleteSession(path: .init(id: id)) }) {
            case .noContent: print("Signed out there.")
            case let other: throw CLIError(unexpected: other)
            }
        }
    }
}

extension SecurityCommand {
    struct RemovePasskey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove-passkey", abstract: "Remove a passkey: it signs in no more.")

        @Argument(help: "Its ID, as `hearth security` lists it.") var id: String

        func run() async throws {
            let connection = try APIConnection(try ClientConfiguration.load())
            switch try await connection.call({ try await $0.deletePasskey(path: .init(id: id)) }) {
            case .noContent: print("Passkey removed. Remove it from the device's passwords too.")
            case let other: throw CLIError(unexpected: other)
            }
        }
    }
}

extension QRCode {
    /// The code in a terminal, two rows of modules per line in half blocks with the quiet zone: light
    /// modules are drawn, dark ones left to the background (as `qrencode -t UTF8` does, for dark terminals).
    var terminalText: String {
        let side = size + 8
        func dark(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - 4, column - 4)
            return (0..<size).contains(r) && (0..<size).contains(c) && isDark(row: r, column: c)
        }
        return stride(from: 0, to: side, by: 2).map { row in
            String((0..<side).map { column -> Character in
                switch (dark(row, column), row + 1 < side && dark(row + 1, column)) {
                case (false, false): "█"
                case (true, false): "▄"
                case (false, true): "▀"
                case (true, true): " "
                }
            })
        }.joined(separator: "\n")
    }
}
