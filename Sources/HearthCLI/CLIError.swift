import Foundation
import HearthAPI
import OpenAPIRuntime

/// A failure the CLI reports in one clear sentence (ArgumentParser prints it after “Error: ”).
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// The server's problem details, as the person should read them.
    init(problem: Components.Responses.Problem) {
        switch problem.body {
        case .applicationProblemJson(let body): self.init(body.detail)
        }
    }

    /// Any answer the command does not expect: the server's problem details when it sent them
    /// (every documented error answer carries them), else its status. Generated outputs are enums
    /// with one case per documented status, so this reads the case's payload instead of listing them.
    init(unexpected output: Any) {
        guard let payload = Mirror(reflecting: output).children.first?.value else {
            self.init("The server answered with \(output), which this version of hearth does not expect.")
            return
        }
        if let problem = payload as? Components.Responses.Problem {
            self.init(problem: problem)
        } else if let status = Mirror(reflecting: payload).children.first(where: { $0.label == "statusCode" })?.value as? Int {
            self.init("The server answered with an unexpected status \(status).")
        } else {
            self.init("The server answered with \(output), which this version of hearth does not expect.")
        }
    }

    /// Explains why a request to `server` did not get an answer.
    static func unreachable(_ server: URL, _ error: any Error) -> CLIError {
        let underlying = (error as? ClientError)?.underlyingError ?? error
        let text = String(describing: underlying)
        if text.localizedCaseInsensitiveContains("refused") {
            return CLIError("Cannot connect to \(server.absoluteString): connection refused. Is the Hearth server running there?")
        }
        if text.localizedCaseInsensitiveContains("timeout") || text.localizedCaseInsensitiveContains("timed out") {
            return CLIError("Cannot connect to \(server.absoluteString): the connection timed out.")
        }
        if text.localizedCaseInsensitiveContains("resolve") || text.localizedCaseInsensitiveContains("lookup") {
            return CLIError("Cannot find the host of \(server.absoluteString).")
        }
        return CLIError("Cannot reach \(server.absoluteString): \(text)")
    }
}
