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

    init(status: Int) {
        self.init("The server answered with an unexpected status \(status).")
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
