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
            let source = try SourceImage.open(path: Fixture.path(name), maxPixels: 50_000_000)
            return try source.gray(longSide: 1600, allowEnlarging: true).inMemory()
        }
        #expect(try OCRPage.isScan(page("text.png")))
        #expect(try !OCRPage.isScan(page("receipt-photo.jpg")))
    }

    @Test func readsTheFirstPageOfAPDF() async throws {
        let text = try await recognizer.text(inImageAt: Fixture.path("document.pdf"))
        #expect(text.contains("Hearth warranty card"), "got \(text)")
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
