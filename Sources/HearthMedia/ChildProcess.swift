import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program and waits for it, with posix_spawn: Foundation's `Process.run()` on Linux (Swift
/// 6.3) now and then reads past a buffer while it lists the open files, and crashes the server
/// (swift-corelibs-foundation#5472). Standard input and error are /dev/null; what the program
/// prints goes to a file, so no pipe's end can leak into another child and keep a read waiting.
public enum ChildProcess {
    public enum Status: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Runs `path` with `arguments` and blocks until it ends; answers how it ended and what it printed.
    public static func run(_ path: String, _ arguments: [String]) throws -> (status: Status, printed: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-child-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard started == 0 else { throw MediaError.failed("\(path) could not be started (errno \(started))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw MediaError.failed("waiting for \(path) failed (errno \(errno))") }
        }
        // The wait status as <sys/wait.h> lays it out: a signal in the low 7 bits, else the exit code above them.
        let signal = status & 0x7f
        let printed = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
        return (signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal), printed)
    }

    /// What `path` with `arguments` prints, once it has exited with 0 (tests read PDFs with poppler's tools so).
    public static func output(_ path: String, _ arguments: [String]) throws -> String {
        let (status, printed) = try run(path, arguments)
        guard status == .exited(0) else { throw MediaError.failed("\(path) ended with \(status)") }
        return printed
    }
}
