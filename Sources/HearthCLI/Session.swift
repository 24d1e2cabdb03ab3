import ArgumentParser
import Foundation
import HearthAPI
import HearthCore

struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sign in to a Hearth server and save an API token in ~/.config/hearth/config.json."
    )

    @Option(help: "The server, e.g. http://localhost:8080.") var server: String
    @Option(help: "Email (asked for when missing).") var email: String?
    @Option(name: .customLong("token-name"), help: "Name of the token shown in Settings.") var tokenName: String?
    @Flag(help: "Sign in through a browser, in any way the server offers (single sign-on, a passkey): prints an address to open and waits.")
    var browser = false

    func run() async throws {
        let connection = try APIConnection(server: server)
        let name = String((tokenName ?? "hearth CLI on \(ProcessInfo.processInfo.hostName)").prefix(100))
        if browser { return try await BrowserSignIn(connection: connection, deviceName: name).run() }
        let email = try email ?? Prompt.line("Email: ")
        let password = try Prompt.secret("Password: ")
        let request = { (code: String?) in
            try await connection.call {
                try await $0.createToken(body: .json(.init(email: email, password: password, name: name,
                                                           timeZone: TimeZone.current.identifier, code: code)))
            }
        }
        var output = try await request(nil)
        if case .unauthorized(let problem) = output, case .applicationProblemJson(let body) = problem.body,
           body._type == AccountError.codeNeededProblemType {
            // Two-step sign-in is on: the same request again, with the app's code.
            output = try await request(try Prompt.line("Code from your authenticator app (or a recovery code): "))
        }
        switch output {
        case .created(let created):
            let token = try created.body.json
            let path = ClientConfiguration.defaultPath()
            try ClientConfiguration(server: connection.server.absoluteString, token: token.token, tokenId: token.id, email: email)
                .save(to: path)
            print("Signed in to \(connection.server.absoluteString) as \(email). Token saved in \(path.path).")
        case let other: throw CLIError(unexpected: other)
        }
    }
}

struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Revoke the saved token and forget it.")

    func run() async throws {
        let path = ClientConfiguration.defaultPath()
        let saved = try ClientConfiguration.load(from: path)
        let connection = try APIConnection(saved)
        // Forget the token locally even when the server cannot be reached or already revoked it.
        let revoked = try? await connection.call { try await $0.deleteToken(path: .init(id: saved.tokenId)) }
        try ClientConfiguration.remove(at: path)
        switch revoked {
        case .noContent: print("Signed out; the token was revoked.")
        default: print("Signed out locally; the server did not confirm revoking the token (revoke it in Settings → API tokens).")
        }
    }
}

struct Whoami: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show who the saved token signs in as.")

    func run() async throws {
        let saved = try ClientConfiguration.load()
        let connection = try APIConnection(saved)
        switch try await connection.call({ try await $0.getMe() }) {
        case .ok(let ok):
            let me = try ok.body.json
            print("\(me.name) <\(me.email)> on \(saved.server)")
            let machine = TimeZone.current.identifier
            if me.timeZone != machine && !AccountRules.isUniversal(machine) {
                print("Your profile's time zone is \(me.timeZone); this machine's is \(machine). Change it in Settings → Profile.")
            }
        case let other: throw CLIError(unexpected: other)
        }
    }
}
