import Foundation
import NIOConcurrencyHelpers

/// A PDF is read by poppler in a child process before libvips draws it in the server: `pdfinfo`
/// counts its pages and `pdftoppm` draws its first page small, each under a time and memory cap. A
/// hostile PDF (pages with millions of drawing operations, a broken structure poppler loops on,
/// an object that asks for gigabytes) costs at most that child, never the server; only a PDF that
/// passes reaches libvips, which draws the same first page. Files that passed are remembered by
/// their identity, so an upload's several renditions check it once.
final class PDFCheck: Sendable {
    /// Seconds of CPU and of wall clock one step may take.
    let timeLimit: Int
    /// Bytes of address space one step may use.
    let memoryLimit: Int
    private let passed = NIOLockedValueBox<[(file: FileIdentity, pages: Int)]>([])
    private let capacity = 16

    init(timeLimit: Int = 15, memoryLimit: Int = 1 << 30) {
        self.timeLimit = timeLimit
        self.memoryLimit = memoryLimit
    }

    /// The page count of a PDF that poppler reads and draws within the caps; throws
    /// `.unreadable` for a damaged one and `.tooComplex` for one over a cap.
    func pages(of path: String) throws -> Int {
        let file = FileIdentity(path: path)
        if let file, let pages = passed.withLockedValue({ $0.first { $0.file == file }?.pages }) { return pages }
        let info = try run("pdfinfo", [path])
        guard let line = info.split(separator: "\n").first(where: { $0.hasPrefix("Pages:") }),
              let pages = Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)), pages > 0
        else { throw MediaError.unreadable("pdfinfo found no pages") }
        let drawn = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-pdf-check-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: drawn + ".png") }
        _ = try run("pdftoppm", ["-f", "1", "-l", "1", "-scale-to", "64", "-png", "-singlefile", path, drawn])
        if let file {
            passed.withLockedValue { passed in
                passed.insert((file, pages), at: 0)
                if passed.count > capacity { passed.removeLast(passed.count - capacity) }
            }
        }
        return pages
    }

    /// Runs a poppler tool under the caps (`ulimit` in a shell, `timeout` around it); answers what it printed.
    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let limits = "ulimit -v \(memoryLimit / 1024) && ulimit -t \(timeLimit) && exec \"$@\""
        let (status, printed) = try ChildProcess.run("/usr/bin/timeout", ["-s", "KILL", "\(timeLimit)", "/bin/sh", "-c", limits, "sh", tool] + arguments)
        switch status {
        case .exited(0): return printed
        case .exited(127): throw MediaError.failed("\(tool) is not installed (Debian: poppler-utils)")
        // 124: out of time; 128 + n: killed by signal n (the time cap, or a crash for want of memory).
        case .exited(124), .exited(128...), .signalled: throw MediaError.tooComplex
        case .exited(let code): throw MediaError.unreadable("\(tool) exited with \(code)")
        }
    }
}
