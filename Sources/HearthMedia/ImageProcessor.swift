import CVips
import Foundation

/// Reads and converts uploaded pictures with libvips: what a file is, and web-sized JPEGs of it.
/// Copies share one limit on concurrent jobs and one memory of recent HEIF decodes, so make one
/// processor and pass it around. On glibc, starting it fixes malloc's mmap threshold at 2 MB
/// (process-wide) so decoded photos' memory goes back to the system.
public struct ImageProcessor: Sendable {
    /// Pictures with more pixels than this (after orientation; PDFs at 150 dpi) are refused.
    public let maxPixels: Int
    let gate: JobGate
    let recent = RecentDecodes()
    let pdfCheck = PDFCheck()

    /// A processor refusing pictures over `maxPixels` and running at most `concurrentJobs` decodes at once.
    public init(maxPixels: Int = 100_000_000, concurrentJobs: Int = 2) {
        self.maxPixels = maxPixels
        self.gate = JobGate(limit: concurrentJobs)
    }

    /// Decodes the whole file (so a truncated or corrupt image is caught here, not later) and says what it is.
    public func inspect(path: String) async throws -> ImageInfo {
        try await run {
            let source = try open(path)
            try source.decodeEveryPixel()
            return source.info
        }
    }

    /// A JPEG of the image no larger than maxSide px on its longer side (never upscaled; nil = full size),
    /// EXIF orientation applied, ALL metadata stripped (no EXIF/GPS/XMP/ICC in the output), converted to sRGB.
    /// For a PDF, its first page. HEIC/HEIF input works.
    public func jpeg(from path: String, maxSide: Int?, quality: Int = 82) async throws -> Data {
        let quality = min(max(quality, 1), 100)
        return try await run {
            let source = try open(path)
            let picture = try source.upright(longSide: maxSide.map { max(1, $0) }, allowEnlarging: false)
            return try picture.flattenedOnWhite().converted(to: VIPS_INTERPRETATION_sRGB).jpegData(quality: quality)
        }
    }

    /// Opens a file for one job (see ``SourceImage/open(path:maxPixels:recent:pdfCheck:)``); on a job's thread.
    func open(_ path: String) throws -> SourceImage {
        try SourceImage.open(path: path, maxPixels: maxPixels, recent: recent, pdfCheck: pdfCheck)
    }

    /// Runs blocking libvips work (this processor's, the barcode and the text reader's) on a
    /// Dispatch thread under this processor's job limit.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await MediaWork.run(gate: gate) {
            defer { Vips.jobFinished() }
            return try work()
        }
    }
}
