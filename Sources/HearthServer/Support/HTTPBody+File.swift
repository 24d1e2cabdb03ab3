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
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let handle = try FileHandle(forReadingFrom: url)
        let chunks = AsyncThrowingStream<ArraySlice<UInt8>, any Error> { continuation in
            let reader = Task {
                defer {
                    try? handle.close()
                    if removeAfter { try? FileManager.default.removeItem(at: url) }
                }
                do {
                    while !Task.isCancelled, let data = try handle.read(upToCount: 1 << 18), !data.isEmpty {
                        continuation.yield(ArraySlice(data))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reader.cancel() }
        }
        return HTTPBody(chunks, length: .known(Int64(size)), iterationBehavior: .single)
    }
}
