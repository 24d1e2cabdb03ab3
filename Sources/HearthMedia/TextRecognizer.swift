import Foundation

/// One line of text read from a picture, with how sure tesseract is of it: 0 (a guess) to 1, the
/// mean of its words' confidences.
public struct RecognizedLine: Sendable, Equatable {
    public let text: String
    public let confidence: Double

    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

/// Reads the text in photos of receipts and documents with tesseract, on the server.
public struct TextRecognizer: Sendable {
    private let processor: ImageProcessor
    /// Tesseract's language list, e.g. ["eng", "deu"]; tried together.
    public let languages: [String]
    /// Where the `.traineddata` files are; nil means tesseract's default.
    public let dataPath: String?

    /// languages nil = every installed traineddata except "osd", with "eng" first; dataPath nil = tesseract's default.
    public init(processor: ImageProcessor, languages: [String]? = nil, dataPath: String? = nil) {
        self.processor = processor
        self.dataPath = dataPath
        self.languages = languages ?? Self.defaultLanguages(Self.installedLanguages(dataPath: dataPath))
    }

    /// The languages with data in `dataPath` (or tesseract's default folder), sorted; "osd"
    /// (orientation detection, not a language) included when present.
    public static func installedLanguages(dataPath: String? = nil) -> [String] {
        Tesseract.installedLanguages(dataPath: dataPath)
    }

    /// The lines of text tesseract reads in the image or the first page of a PDF, after preprocessing that
    /// makes phone photos of receipts read well: upright, grey, scaled so letters are a size
    /// tesseract likes, uneven lighting and shadows evened out, the table around the paper
    /// blanked; read as one column of lines (tesseract's `--psm 4`), so a receipt's prices stay on
    /// their items' lines. Throws `MediaError.failed` when tesseract cannot start (no language data).
    public func lines(inImageAt path: String) async throws -> [RecognizedLine] {
        let processor = processor
        let languages = languages
        let dataPath = dataPath
        return try await processor.run {
            let source = try processor.open(path)
            let page = try OCRPage.prepare(source)
            return try Tesseract.recognize(page, languages: languages, dataPath: dataPath)
        }
    }

    /// The text tesseract reads in the image, a line to a line (see ``lines(inImageAt:)``).
    public func text(inImageAt path: String) async throws -> String {
        try await lines(inImageAt: path).map(\.text).joined(separator: "\n")
    }

    /// "eng" first (receipts mix English words into every language), then the rest in order.
    static func defaultLanguages(_ installed: [String]) -> [String] {
        let usable = installed.filter { $0 != "osd" }
        return usable.contains("eng") ? ["eng"] + usable.filter { $0 != "eng" } : usable
    }
}
