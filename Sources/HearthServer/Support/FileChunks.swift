import Foundation

/// A file read in pieces of 256 KiB as the reader asks for them, never ahead of it (a slow client
/// or a slow upload never pulls a big file into memory), from the file as it was when opened,
/// whatever happens to its name meanwhile. `removeAfter` removes the file once it has been read or
/// abandoned.
struct FileChunks<Chunk: Sendable>: AsyncSequence, Sendable {
    let size: Int
    private let source: Source
    private let convert: @Sendable (Data) -> Chunk

    init(_ url: URL, removeAfter: Bool = false, convert: @escaping @Sendable (Data) -> Chunk) throws {
        size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        source = Source(handle: try FileHandle(forReadingFrom: url), removing: removeAfter ? url : nil)
        self.convert = convert
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: source, convert: convert) }

    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let source: Source
        let convert: @Sendable (Data) -> Chunk

        mutating func next() async throws -> Chunk? {
            guard !Task.isCancelled, let data = try source.handle.read(upToCount: 1 << 18), !data.isEmpty else { return nil }
            return convert(data)
        }
    }

    /// The open file, closed (and removed when asked) once nothing reads it any more.
    fileprivate final class Source: @unchecked Sendable {
        let handle: FileHandle
        let removing: URL?

        init(handle: FileHandle, removing: URL?) {
            self.handle = handle
            self.removing = removing
        }

        deinit {
            try? handle.close()
            if let removing { try? FileManager.default.removeItem(at: removing) }
        }
    }
}
