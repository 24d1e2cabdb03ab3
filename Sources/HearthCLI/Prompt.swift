import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads answers from the terminal (or from standard input when it is not a terminal, for scripts).
enum Prompt {
    static func line(_ question: String) throws -> String {
        fflush(nil) // every output stream: what was printed before the question (a QR code, a key) shows first, also through a pipe
        FileHandle.standardError.write(Data(question.utf8))
        guard let answer = readLine() else { throw CLIError("No input.") }
        return answer.trimmingCharacters(in: .whitespaces)
    }

    /// A password, not echoed on a terminal.
    static func secret(_ question: String) throws -> String {
        fflush(nil)
        if isatty(STDIN_FILENO) == 1, let answer = getpass(question) {
            return String(cString: answer)
        }
        guard let answer = readLine(strippingNewline: true) else { throw CLIError("No password on standard input.") }
        return answer
    }
}
