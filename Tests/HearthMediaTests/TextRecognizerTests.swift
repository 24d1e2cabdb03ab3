import Foundation
import Testing
@testable import HearthMedia

@Suite struct TextRecognizerTests {
    let recognizer = TextRecognizer(processor: ImageProcessor())

    @Test func readsPrintedText() async throws {
        let text = try await recognizer.text(inImageAt: Fixture.path("text.png"))
        for word in ["Hearth", "Household", "Inventory", "Receipt", "42.50"] {
            #expect(text.contains(word), "missing \(word) in \(text)")
        }
    }

    @Test func readsAReceiptPhotographedOnATable() async throws {
        // Plain tesseract on this photo reads the item names but none of the amounts.
        let text = try await recognizer.text(inImageAt: Fixture.path("receipt-photo.jpg"))
        for expected in ["CORNER HARDWARE", "Wood screws", "12.99", "4.49", "6.75", "24.23"] {
            #expect(text.contains(expected), "missing \(expected) in \(text)")
        }
    }

    /// A scan (paper to the edges) is enlarged before OCR when small; a photo of a receipt on a
    /// table is not, as enlarging one lost a line in the browser test.
    @Test func onlyAScanIsTakenForAScan() throws {
        func page(_ name: String) throws -> VipsImageRef {
            let source = try SourceImage.open(path: Fixture.path(name), maxPixels: 50_000_000, pdfCheck: PDFCheck())
            return try source.gray(longSide: 1600, allowEnlarging: true).inMemory()
        }
        #expect(try OCRPage.isScan(page("text.png")))
        #expect(try !OCRPage.isScan(page("receipt-photo.jpg")))
    }

    /// A photo turned without EXIF saying so reads poorly; it is read again turned until it reads clearly.
    @Test(arguments: [1, 2, 3]) func readsAReceiptPhotographedSideways(quarterTurns: Int) throws {
        let source = try SourceImage.open(path: Fixture.path("receipt-photo.jpg"), maxPixels: 50_000_000, pdfCheck: PDFCheck())
        let turned = try OCRPage.prepare(source).rotated(quarterTurns: quarterTurns)
        #expect(Tesseract.quarterTurnsToUpright(turned, dataPath: nil) != nil, "orientation data (osd) is installed")
        let text = try Tesseract.recognize(turned, languages: ["eng"], dataPath: nil).map(\.text).joined(separator: "\n")
        for expected in ["CORNER HARDWARE", "Wood screws", "24.23"] {
            #expect(text.contains(expected), "missing \(expected) in \(text)")
        }
    }

    /// A receipt photographed at a slant: its lines are levelled before tesseract reads them.
    @Test(arguments: [-6.0, 4.0]) func readsAReceiptPhotographedAtASlant(degrees: Double) throws {
        let source = try SourceImage.open(path: Fixture.path("receipt-photo.jpg"), maxPixels: 50_000_000, pdfCheck: PDFCheck())
        let level = try OCRPage.prepare(source)
        let slanted = level.rotated(degrees: degrees)
        #expect(abs(slanted.skew() - degrees) <= 0.5, "measured \(slanted.skew())")
        let text = try Tesseract.recognize(slanted.straightened(), languages: ["eng"], dataPath: nil).map(\.text).joined(separator: "\n")
        for expected in ["CORNER HARDWARE", "Wood screws", "12.99", "4.49", "6.75", "24.23"] {
            #expect(text.contains(expected), "missing \(expected) in \(text)")
        }
    }

    @Test func aQuarterTurnIsClockwise() {
        // 1 2 3       4 1
        // 4 5 6  ->   5 2
        //             6 3
        let image = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])
        let turned = image.rotated(quarterTurns: 1)
        #expect(turned.width == 2 && turned.height == 3)
        #expect(turned.pixels == [4, 1, 5, 2, 6, 3])
        #expect(image.rotated(quarterTurns: 2).pixels == [6, 5, 4, 3, 2, 1])
        #expect(image.rotated(quarterTurns: 3).pixels == [3, 6, 2, 5, 1, 4])
        #expect(image.rotated(quarterTurns: 4).pixels == image.pixels)
    }

    @Test func readsTheFirstPageOfAPDF() async throws {
        let text = try await recognizer.text(inImageAt: Fixture.path("document.pdf"))
        #expect(text.contains("Hearth warranty card"), "got \(text)")
    }

    @Test func aPDFIsReadAt300DPI() throws {
        let source = try SourceImage.open(path: Fixture.path("document.pdf"), maxPixels: 50_000_000, pdfCheck: PDFCheck())
        let page = try OCRPage.prepare(source)
        // Its size is given at 150 dpi.
        #expect(max(page.width, page.height) == min(2 * max(source.info.width, source.info.height), OCRPage.pdfLongSideLimit))
    }

    @Test func englishIsInstalledAndChosenByDefault() {
        #expect(TextRecognizer.installedLanguages().contains("eng"))
        #expect(recognizer.languages.first == "eng")
        #expect(!recognizer.languages.contains("osd"))
    }

    @Test func defaultLanguagesPutEnglishFirstAndSkipOrientationData() {
        #expect(TextRecognizer.defaultLanguages(["deu", "eng", "osd"]) == ["eng", "deu"])
        #expect(TextRecognizer.defaultLanguages(["fra", "osd"]) == ["fra"])
    }

    @Test func missingLanguageDataFailsClearly() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-tessdata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }

        #expect(TextRecognizer.installedLanguages(dataPath: empty.path) == [])
        let recognizer = TextRecognizer(processor: ImageProcessor(), languages: ["eng"], dataPath: empty.path)
        let error = await #expect(throws: MediaError.self) {
            try await recognizer.text(inImageAt: Fixture.path("text.png"))
        }
        guard case .failed = error else {
            Issue.record("expected .failed, got \(String(describing: error))")
            return
        }
    }
}
