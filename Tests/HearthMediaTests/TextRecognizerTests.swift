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
