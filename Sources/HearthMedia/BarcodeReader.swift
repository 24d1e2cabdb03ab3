/// Finds product codes and QR codes in photos with zbar, on the server.
public struct BarcodeReader: Sendable {
    private let processor: ImageProcessor

    /// A reader that decodes pictures with `processor` and shares its job limit.
    public init(processor: ImageProcessor) {
        self.processor = processor
    }

    /// Every code zbar finds in the photo (EAN-13, UPC-A, Code 128, QR at least), sorted by
    /// symbology and then text; [] when none.
    public func codes(inImageAt path: String) async throws -> [Barcode] {
        let processor = processor
        return try await processor.run {
            let source = try processor.open(path)
            let found = try Self.scan(source)
            return Set(found).sorted { ($0.symbology, $0.text) < ($1.symbology, $1.text) }
        }
    }

    /// Phone photos are scanned at a moderate size first (fast, and zbar copes with blur better
    /// there); when nothing turns up, larger (small codes in a big photo) and then smaller
    /// (large, soft codes) versions are tried.
    private static func scan(_ source: SourceImage) throws -> [Barcode] {
        let fullSide = max(source.info.width, source.info.height)
        var tried: Set<Int> = []
        for side in [1280, 2400, 640] {
            let actual = min(side, fullSide)
            guard tried.insert(actual).inserted else { continue }
            let image = try source.gray(longSide: actual, allowEnlarging: false).grayImage()
            let found = try ZbarScanner.scan(image)
            if !found.isEmpty { return found }
        }
        return []
    }
}
