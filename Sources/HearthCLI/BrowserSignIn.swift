import Foundation
import HearthAPI

/// `hearth login --browser`: the server's device sign-in. Prints an address and a code, waits while
/// a person signs in there and approves, and saves the API token the server then hands out once.
struct BrowserSignIn {
    let connection: APIConnection
    let deviceName: String

    func run() async throws {
        let started = switch try await connection.call({ try await $0.startDeviceSignIn(body: .json(.init(deviceName: deviceName))) }) {
        case .created(let created): try created.body.json
        case let other: throw CLIError(unexpected: other)
        }
        // Written at once (print would wait in a buffer when the output goes to a pipe).
        FileHandle.standardOutput.write(Data("""
            Open this address in a browser and sign in:

                \(started.verificationUrl)

            Check that the page shows the code \(started.code), then choose “Sign it in”. Waiting…

            """.utf8))
        let deadline = Date() + TimeInterval(started.expiresIn)
        while Date() < deadline {
            try await Task.sleep(for: .seconds(max(1, started.interval)))
            switch try await connection.call({ try await $0.takeDeviceToken(body: .json(.init(pollToken: started.pollToken))) }) {
            case .accepted: continue
            case .created(let created): return try await save(try created.body.json)
            case .notFound: throw CLIError("The sign-in was refused in the browser, or has expired. Run hearth login --browser again.")
            case let other: throw CLIError(unexpected: other)
            }
        }
        throw CLIError("Nobody approved the sign-in within \(started.expiresIn / 60) minutes. Run hearth login --browser again.")
    }

    private func save(_ token: Components.Schemas.NewToken) async throws {
        let signedIn = try APIConnection(server: connection.server.absoluteString, token: token.token)
        let me = switch try await signedIn.call({ try await $0.getMe() }) {
        case .ok(let ok): try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
        let path = ClientConfiguration.defaultPath()
        try ClientConfiguration(server: connection.server.absoluteString, token: token.token, tokenId: token.id, email: me.email).save(to: path)
        print("Signed in to \(connection.server.absoluteString) as \(me.email). Token saved in \(path.path).")
    }
}
