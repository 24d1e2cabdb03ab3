import CVips

/// An uploaded file opened for one job: its kind and upright size, already checked against the
/// pixel limit. Only the header has been read; pixels are decoded by the methods that need them.
struct SourceImage {
    let path: String
    let kind: ImageKind
    /// Kind and size as shown: EXIF orientation applied; a PDF's first page at 150 dpi.
    let info: ImageInfo
    let hasICCProfile: Bool
    /// Where HEIF photos' decoded pixels are kept for the next request, and this file's key there.
    var recent: RecentDecodes? = nil
    var file: FileIdentity? = nil

    /// Reads the file's signature and header; throws `.notAnImage`, `.unreadable` or `.tooManyPixels`
    /// (and `.tooComplex` for a PDF over `pdfCheck`'s caps). A HEIF photo is decoded through `recent` when given.
    static func open(path: String, maxPixels: Int, recent: RecentDecodes? = nil, pdfCheck: PDFCheck) throws -> SourceImage {
        try Vips.ensureStarted()
        guard let kind = try ImageKind.detect(path: path) else { throw MediaError.notAnImage }
        let pages = kind == .pdf ? try pdfCheck.pages(of: path) : 1
        let header = try VipsImageRef.load(path: path, kind: kind, pdfDPI: 150)
        let turned = header.orientationSwapsSides
        let info = ImageInfo(
            kind: kind,
            width: turned ? header.height : header.width,
            height: turned ? header.width : header.height,
            pages: pages
        )
        let pixels = info.width * info.height
        guard pixels <= maxPixels else { throw MediaError.tooManyPixels(pixels) }
        var source = SourceImage(path: path, kind: kind, info: info, hasICCProfile: header.hasICCProfile)
        if kind == .heif, let recent {
            source.recent = recent
            source.file = FileIdentity(path: path)
        }
        return source
    }

    /// Decodes the whole file once, every pixel at full size, so truncation and corruption show
    /// now (a few rows at a time: memory stays small whatever the header claims); a PDF page
    /// renders at 72 dpi.
    func decodeEveryPixel() throws {
        if try rememberedPicture(fitting: 1) != nil { return }
        let image = try VipsImageRef.load(path: path, kind: kind, pdfDPI: 72)
        _ = try image.average()
    }

    /// The picture upright with its longer side at `longSide` (nil: full size, a PDF at 150 dpi),
    /// colours in sRGB when it carries a profile. Photos shrink while decoding; they grow only
    /// when `allowEnlarging`. PDF pages are rendered at the size asked for.
    func upright(longSide: Int?, allowEnlarging: Bool) throws -> VipsImageRef {
        let fullSide = max(info.width, info.height)
        var side = longSide ?? fullSide
        if !allowEnlarging { side = min(side, fullSide) }
        if let remembered = try rememberedPicture(fitting: side) {
            let image = try remembered.image()
            return side < remembered.longSide ? try image.resized(by: Double(side) / Double(remembered.longSide)) : image
        }
        if kind == .pdf {
            return try VipsImageRef.thumbnail(path: path, side: side, onlyDown: false, toSRGB: false)
        }
        return try VipsImageRef.thumbnail(path: path, side: side, onlyDown: !allowEnlarging, toSRGB: hasICCProfile)
    }

    /// For a HEIF photo with a memory and a size it covers: the remembered picture, decoded
    /// (every pixel, upright, colour-managed, transparency on white: grey or sRGB, which a
    /// memory image is taken for again) and remembered first if need be. Otherwise nil.
    private func rememberedPicture(fitting side: Int) throws -> RecentDecodes.Picture? {
        guard kind == .heif, let recent, let file else { return nil }
        let storedSide = min(RecentDecodes.longSide, max(info.width, info.height))
        guard side <= storedSide else { return nil }
        if let picture = recent.picture(for: file) { return picture }
        let image = try VipsImageRef.thumbnail(path: path, side: storedSide, onlyDown: true, toSRGB: hasICCProfile)
            .flattenedOnWhite()
        guard image.isUInt8, image.bands == 1 || image.bands == 3 else { return nil }
        let picture = RecentDecodes.Picture(width: image.width, height: image.height, bands: image.bands, pixels: try image.pixelBytes())
        recent.remember(picture, for: file)
        return picture
    }

    /// The picture upright as one band of 8-bit grey, transparent parts on white.
    func gray(longSide: Int, allowEnlarging: Bool) throws -> VipsImageRef {
        try upright(longSide: longSide, allowEnlarging: allowEnlarging)
            .flattenedOnWhite()
            .converted(to: VIPS_INTERPRETATION_B_W)
            .band(0)
            .castToUInt8()
    }
}

/// 8-bit grey pixels, row after row with no padding, for zbar and tesseract.
struct GrayImage: Sendable {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// The picture turned clockwise by `quarterTurns` quarter turns.
    func rotated(quarterTurns: Int) -> GrayImage {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        let (newWidth, newHeight) = turns == 2 ? (width, height) : (height, width)
        var turned = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let (toX, toY) = switch turns {
                case 1: (height - 1 - y, x)
                case 2: (width - 1 - x, height - 1 - y)
                default: (y, width - 1 - x)
                }
                turned[toY * newWidth + toX] = pixels[y * width + x]
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: turned)
    }
}

extension VipsImageRef {
    /// The pixels of a one-band 8-bit image.
    func grayImage() throws -> GrayImage {
        let bytes = try pixelBytes()
        guard bands == 1, bytes.count == width * height else {
            throw MediaError.failed("expected \(width)x\(height) grey pixels, got \(bytes.count) bytes in \(bands) bands")
        }
        return GrayImage(width: width, height: height, pixels: bytes)
    }
}
