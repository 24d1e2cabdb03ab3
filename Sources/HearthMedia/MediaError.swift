/// Why a picture could not be read or converted. The associated text is for logs; `message` is for people.
public enum MediaError: Error, Equatable, Sendable {
    /// Not a JPEG, PNG, WebP, HEIC/HEIF or PDF at all.
    case notAnImage
    /// A known format, but corrupt or truncated: decoding failed. The text is a short reason.
    case unreadable(String)
    /// More pixels than the `ImageProcessor` allows; the associated value is the picture's count.
    case tooManyPixels(Int)
    /// A PDF that took longer or more memory to read than a document may.
    case tooComplex
    /// Anything else a library reported (no OCR language data, an unreadable path, ...).
    case failed(String)

    /// One sentence for the person who uploaded the file.
    public var message: String {
        switch self {
        case .notAnImage: "This file is not a photo (JPEG, PNG, WebP or HEIC) or a PDF."
        case .unreadable: "This file looks like a photo or PDF but is damaged or incomplete; please upload it again."
        case .tooManyPixels(let count):
            "This picture is too large (\(count / 1_000_000) megapixels); please upload a smaller one."
        case .tooComplex: "This PDF takes too long to read; save it again (for example with Print to PDF) and upload that copy."
        case .failed: "The picture could not be processed; please try again later."
        }
    }
}
