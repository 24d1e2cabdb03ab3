import Foundation
import Testing
@testable import HearthMedia

@Suite struct ImageProcessorTests {
    let processor = ImageProcessor()

    @Test(arguments: [
        ("rotated-gps.jpg", ImageKind.jpeg, 200, 300),  // stored 300x200 with orientation 6
        ("image.png", .png, 120, 80),
        ("image.webp", .webp, 160, 90),
        ("image.heic", .heif, 200, 150),
        ("document.pdf", .pdf, 1275, 1650),  // US Letter at 150 dpi
    ])
    func inspectGivesKindAndUprightSize(name: String, kind: ImageKind, width: Int, height: Int) async throws {
        let info = try await processor.inspect(path: Fixture.path(name))
        #expect(info == ImageInfo(kind: kind, width: width, height: height))
    }

    @Test func jpegIsUprightAndFitsMaxSide() async throws {
        let data = try await processor.jpeg(from: Fixture.path("rotated-gps.jpg"), maxSide: 150)
        let jpeg = try #require(JPEGStructure(data))
        #expect((jpeg.width, jpeg.height) == (100, 150))
    }

    @Test func jpegNeverEnlargesAndNilMeansFullSize() async throws {
        for maxSide in [1000, nil] {
            let data = try await processor.jpeg(from: Fixture.path("rotated-gps.jpg"), maxSide: maxSide)
            let jpeg = try #require(JPEGStructure(data))
            #expect((jpeg.width, jpeg.height) == (200, 300))
        }
    }

    @Test func jpegStripsExifGPSXMPAndICC() async throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("rotated-gps.jpg")))
        #expect(original.contains(ascii: "GPS") && original.contains(ascii: "ICC_PROFILE"))  // the fixture has them

        let data = try await processor.jpeg(from: Fixture.path("rotated-gps.jpg"), maxSide: nil)
        let jpeg = try #require(JPEGStructure(data))
        #expect(!jpeg.hasApplicationSegment(startingWith: "Exif"))
        #expect(!jpeg.hasApplicationSegment(startingWith: "http://ns.adobe.com/xap/"))
        #expect(!jpeg.hasApplicationSegment(startingWith: "ICC_PROFILE"))
        #expect(!data.contains(ascii: "GPS"))
        #expect(!data.contains(ascii: "Living room"))
    }

    @Test func jpegTurnsThePixelsUpright() async throws {
        // The stored picture is warm on top; orientation 6 turns it clockwise, so warm goes right.
        let data = try await processor.jpeg(from: Fixture.path("rotated-gps.jpg"), maxSide: nil)
        let path = try Fixture.temporaryFile(data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try redMinusBlue(path: path, columns: 0..<60, rows: 0..<300) < -40)
        #expect(try redMinusBlue(path: path, columns: 140..<200, rows: 0..<300) > 40)
    }

    @Test func heifColoursSurviveTheWayThroughMemory() async throws {
        // The HEIC is decoded once by inspect and the JPEG is made from the remembered pixels.
        let path = Fixture.path("image.heic")
        _ = try await processor.inspect(path: path)
        let data = try await processor.jpeg(from: path, maxSide: 200)
        let output = try Fixture.temporaryFile(data)
        defer { try? FileManager.default.removeItem(atPath: output) }
        #expect(try redMinusBlue(path: output, columns: 0..<200, rows: 0..<60) > 40)
        #expect(try redMinusBlue(path: output, columns: 0..<200, rows: 90..<150) < -40)
    }

    @Test(arguments: [
        ("image.png", 120, 80), ("image.webp", 160, 90), ("image.heic", 200, 150), ("document.pdf", 309, 400),
    ])
    func jpegConvertsEveryFormat(name: String, width: Int, height: Int) async throws {
        let data = try await processor.jpeg(from: Fixture.path(name), maxSide: 400)
        let jpeg = try #require(JPEGStructure(data))
        #expect((jpeg.width, jpeg.height) == (width, height))
    }

    @Test func transparentPixelsBecomeWhite() async throws {
        let data = try await processor.jpeg(from: Fixture.path("image.png"), maxSide: nil)
        let path = try Fixture.temporaryFile(data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try SourceImage.open(path: path, maxPixels: 1_000_000, pdfCheck: PDFCheck())
        let pixels = try source.gray(longSide: 120, allowEnlarging: false).grayImage()
        #expect(pixels.pixels[10 * pixels.width + 10] > 245)  // inside the transparent corner
        #expect(pixels.pixels[60 * pixels.width + 100] < 150)  // the blue half
    }

    @Test func textFileNamedJPEGIsNotAnImage() async throws {
        let path = Fixture.path("photo.jpg")
        await #expect(throws: MediaError.notAnImage) { try await processor.inspect(path: path) }
        await #expect(throws: MediaError.notAnImage) { try await processor.jpeg(from: path, maxSide: 320) }
    }

    @Test func truncatedJPEGIsUnreadable() async throws {
        let path = Fixture.path("truncated.jpg")
        let inspected = await #expect(throws: MediaError.self) { try await processor.inspect(path: path) }
        let converted = await #expect(throws: MediaError.self) { try await processor.jpeg(from: path, maxSide: 320) }
        for error in [inspected, converted] {
            guard case .unreadable(let reason) = error else {
                Issue.record("expected .unreadable, got \(String(describing: error))")
                continue
            }
            #expect(!reason.isEmpty)
        }
    }

    @Test func picturesOverThePixelLimitAreRefused() async throws {
        let small = ImageProcessor(maxPixels: 50_000)
        await #expect(throws: MediaError.tooManyPixels(60_000)) {
            try await small.inspect(path: Fixture.path("rotated-gps.jpg"))
        }
        await #expect(throws: MediaError.tooManyPixels(1275 * 1650)) {
            try await small.jpeg(from: Fixture.path("document.pdf"), maxSide: 320)
        }
    }

    @Test func messagesSpeakToPeople() {
        #expect(MediaError.notAnImage.message == "This file is not a photo (JPEG, PNG, WebP or HEIC) or a PDF.")
        #expect(MediaError.tooManyPixels(120_000_000).message.contains("120 megapixels"))
    }

    /// Mean red minus mean blue over a region of an upright picture.
    private func redMinusBlue(path: String, columns: Range<Int>, rows: Range<Int>) throws -> Double {
        let source = try SourceImage.open(path: path, maxPixels: 1_000_000, pdfCheck: PDFCheck())
        let image = try source.upright(longSide: nil, allowEnlarging: false)
        let bytes = try image.pixelBytes()
        var total = 0.0
        for row in rows {
            for column in columns {
                let pixel = (row * image.width + column) * image.bands
                total += Double(bytes[pixel]) - Double(bytes[pixel + 2])
            }
        }
        return total / Double(rows.count * columns.count)
    }
}
