import Foundation
import OpenAPIRuntime

extension HTTPBody {
    /// A body streamed from a file in pieces of 256 KiB, which is removed once sent (or abandoned).
    static func temporaryFile(_ url: URL) throws -> HTTPBody {
        try file(url, removeAfter: true)
    }

    /// A body streamed from a file in pieces of 256 KiB (read from the file as it was when opened,
    /// whatever happens to its name meanwhile); `removeAfter` removes it once sent or abandoned.
    static func file(_ url: URL, removeAfter: Bool = false) throws -> HTTPBody {
        let chunks = try FileChunks(url, removeAfter: removeAfter) { ArraySlice($0) }
        return HTTPBody(chunks, length: .known(Int64(chunks.size)), iterationBehavior: .single)
    }
}
