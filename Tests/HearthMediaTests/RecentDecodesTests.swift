import Foundation
import Testing
@testable import HearthMedia

@Suite struct RecentDecodesTests {
    private func picture(_ value: UInt8) -> RecentDecodes.Picture {
        RecentDecodes.Picture(width: 2, height: 1, bands: 1, pixels: [value, value])
    }

    @Test func heifIsDecodedOnceForInspectAndEverySize() async throws {
        let processor = ImageProcessor()
        let path = Fixture.path("image.heic")
        let file = try #require(FileIdentity(path: path))

        _ = try await processor.inspect(path: path)
        let remembered = try #require(processor.recent.picture(for: file))
        #expect((remembered.width, remembered.height, remembered.bands) == (200, 150, 3))

        let data = try await processor.jpeg(from: path, maxSide: 100)
        let jpeg = try #require(JPEGStructure(data))
        #expect((jpeg.width, jpeg.height) == (100, 75))
    }

    @Test func keepsOnlyTheMostRecentlyUsed() throws {
        let recent = RecentDecodes(capacity: 2)
        let paths = try ["a", "b", "c"].map { try Fixture.temporaryFile(Data($0.utf8), suffix: ".bin") }
        let files = try paths.map { try #require(FileIdentity(path: $0)) }
        defer { paths.forEach { try? FileManager.default.removeItem(atPath: $0) } }

        recent.remember(picture(1), for: files[0])
        recent.remember(picture(2), for: files[1])
        _ = recent.picture(for: files[0])  // a is now the most recently used
        recent.remember(picture(3), for: files[2])
        #expect(recent.picture(for: files[0])?.pixels == [1, 1])
        #expect(recent.picture(for: files[1]) == nil)
        #expect(recent.picture(for: files[2])?.pixels == [3, 3])
    }

    @Test func aRenamedFileStaysTheSameFile() throws {
        let path = try Fixture.temporaryFile(Data("photo".utf8), suffix: ".bin")
        let moved = path + ".moved"
        defer { try? FileManager.default.removeItem(atPath: moved) }
        let before = try #require(FileIdentity(path: path))
        try FileManager.default.moveItem(atPath: path, toPath: moved)
        #expect(FileIdentity(path: moved) == before)
    }

    @Test func newContentIsAnotherFile() throws {
        let path = try Fixture.temporaryFile(Data("first".utf8), suffix: ".bin")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = try #require(FileIdentity(path: path))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("FIRST".utf8))  // same size, same inode, new bytes
        try handle.close()
        #expect(FileIdentity(path: path) != before)
    }
}
