import Foundation
import CVips
import CVipsShim

/// The process-wide libvips set-up and its error buffer.
enum Vips {
    /// libvips started once, on first use, from whichever thread gets there first
    /// (Swift initialises globals and statics exactly once, thread-safely).
    private static let start: Result<Void, MediaError> = {
        if hearth_vips_start() != 0 {
            return .failure(.failed("libvips did not start: \(takeError())"))
        }
        return .success(())
    }()

    /// Throws when libvips could not start; cheap after the first call.
    static func ensureStarted() throws {
        try start.get()
    }

    /// Frees the libvips buffers of the current thread at the end of a job: Dispatch reuses its
    /// threads, and vips would keep each one's buffers for good. Only once vips has started
    /// (calling it before `vips_init` crashes).
    static func jobFinished() {
        guard case .success = start else { return }
        vips_thread_shutdown()
    }

    /// vips' latest error (the last line of its buffer, trimmed, at most 200 characters), clearing
    /// the buffer. The buffer is shared by the process and collects harmless notes from calls that
    /// succeeded (libheif's probing, for one), so under load a reason may come from another job;
    /// it is only ever used for logs.
    static func takeError() -> String {
        guard let text = hearth_vips_take_error() else { return "unknown libvips error" }
        defer { g_free(text) }
        let line = String(cString: text).split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        let reason = line.trimmingCharacters(in: .whitespaces)
        return reason.isEmpty ? "unknown libvips error" : String(reason.prefix(200))
    }
}
