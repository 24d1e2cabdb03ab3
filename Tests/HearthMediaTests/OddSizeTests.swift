import Foundation
import HearthMedia
import Testing

/// Pictures of odd sizes (found by fuzzing the API: a 1×1 JPEG made libvips abort the server) are
/// converted, read and scanned without a crash.
@Suite struct OddSizeTests {
    static let files = ["tiny.jpg", "line.png", "column.webp"]
    let processor = ImageProcessor()

    @Test(arguments: files)
    func inspects(name: String) async throws {
        let info = try await processor.inspect(path: Fixture.path(name))
        #expect(info.width >= 1 && info.height >= 1)
    }

    @Test(arguments: files, [320, 1280, nil] as [Int?])
    func converts(name: String, side: Int?) async throws {
        let jpeg = try await processor.jpeg(from: Fixture.path(name), maxSide: side)
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
    }

    @Test(arguments: files)
    func readsNoText(name: String) async throws {
        let text = try await TextRecognizer(processor: processor).text(inImageAt: Fixture.path(name))
        #expect(text.isEmpty)
    }

    @Test(arguments: files)
    func findsNoCode(name: String) async throws {
        #expect(try await BarcodeReader(processor: processor).codes(inImageAt: Fixture.path(name)).isEmpty)
    }
}
