import CVips
import CVipsShim
import Foundation

/// One libvips image, owned: the reference is released when this goes away. libvips images are
/// lazy, so a decode error may surface only when pixels are pulled (`average`, `jpegData`, ...).
/// Not Sendable: each job builds and drops its own images on one thread.
final class VipsImageRef {
    let pointer: UnsafeMutablePointer<VipsImage>

    private init(_ pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    /// Runs a vips call that makes an image; a failure becomes `MediaError.unreadable` with vips' reason.
    static func make(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32) throws -> VipsImageRef {
        var out: UnsafeMutablePointer<VipsImage>?
        let status = call(&out)
        guard status == 0, let out else {
            if let out { g_object_unref(out) }
            throw MediaError.unreadable(Vips.takeError())
        }
        return VipsImageRef(out)
    }

    /// Opens a file with its format's loader for one sequential pass; see `hearth_vips_load`.
    static func load(path: String, kind: ImageKind, jpegShrink: Int = 1, pdfDPI: Double = 150) throws -> VipsImageRef {
        try make { hearth_vips_load(path, kind.vipsFormat, Int32(jpegShrink), pdfDPI, $0) }
    }

    /// vips_thumbnail: shrink-on-load, upright, fitted into a side x side square.
    static func thumbnail(path: String, side: Int, onlyDown: Bool, toSRGB: Bool) throws -> VipsImageRef {
        let side = Int32(clamping: side)
        return try make { hearth_vips_thumbnail(path, side, side, onlyDown ? 1 : 0, toSRGB ? 1 : 0, $0) }
    }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var isUInt8: Bool { vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    var hasICCProfile: Bool { vips_image_get_typeof(pointer, VIPS_META_ICC_NAME) != 0 }
    /// True when the EXIF orientation turns the picture by 90° (tags 5 to 8), so width and height swap.
    var orientationSwapsSides: Bool { vips_image_get_orientation_swap(pointer) != 0 }

    /// The pixels computed once into memory, so later steps may read them in any order (a file
    /// opened for one sequential pass cannot be read twice).
    func inMemory() throws -> VipsImageRef {
        guard let copy = vips_image_copy_memory(pointer) else { throw MediaError.unreadable(Vips.takeError()) }
        return VipsImageRef(copy)
    }

    func flattenedOnWhite() throws -> VipsImageRef {
        hasAlpha ? try Self.make { hearth_vips_flatten_white(pointer, $0) } : self
    }

    func converted(to space: VipsInterpretation) throws -> VipsImageRef {
        try Self.make { hearth_vips_colourspace(pointer, space, $0) }
    }

    func band(_ index: Int) throws -> VipsImageRef {
        try Self.make { hearth_vips_extract_band(pointer, Int32(index), $0) }
    }

    func castToUInt8() throws -> VipsImageRef {
        try Self.make { hearth_vips_cast_uchar(pointer, $0) }
    }

    func resized(by factor: Double) throws -> VipsImageRef {
        try Self.make { hearth_vips_resize(pointer, factor, $0) }
    }

    func resized(toWidth width: Int, height: Int) throws -> VipsImageRef {
        try Self.make { hearth_vips_resize_to(pointer, Int32(width), Int32(height), $0) }
    }

    func rank(window: Int, index: Int) throws -> VipsImageRef {
        try Self.make { hearth_vips_rank(pointer, Int32(window), Int32(index), $0) }
    }

    func blurred(sigma: Double) throws -> VipsImageRef {
        try Self.make { hearth_vips_gaussblur(pointer, sigma, $0) }
    }

    func divided(by other: VipsImageRef, scale: Double) throws -> VipsImageRef {
        try Self.make { hearth_vips_divide_scaled(pointer, other.pointer, scale, $0) }
    }

    /// This image with every pixel set to white where `guide` is at or below `threshold`.
    func whitened(where guide: VipsImageRef, isAtMost threshold: Double) throws -> VipsImageRef {
        try Self.make { hearth_vips_whiten_below(pointer, guide.pointer, threshold, $0) }
    }

    func linear(_ a: Double, _ b: Double) throws -> VipsImageRef {
        try Self.make { hearth_vips_linear(pointer, a, b, $0) }
    }

    /// The value below which `percent` percent of the pixels fall (one-band 8-bit images).
    func percentile(_ percent: Double) throws -> Int {
        var value: Int32 = 0
        guard hearth_vips_percent(pointer, percent, &value) == 0 else { throw MediaError.unreadable(Vips.takeError()) }
        return Int(value)
    }

    /// The mean pixel value; computing it decodes every pixel.
    func average() throws -> Double {
        var mean = 0.0
        guard hearth_vips_avg(pointer, &mean) == 0 else { throw MediaError.unreadable(Vips.takeError()) }
        return mean
    }

    /// The image as a JPEG with all metadata stripped.
    func jpegData(quality: Int) throws -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard hearth_vips_jpegsave_buffer(pointer, Int32(quality), &buffer, &length) == 0, let buffer else {
            throw MediaError.unreadable(Vips.takeError())
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    /// The raw pixels, band-interleaved, row after row.
    func pixelBytes() throws -> [UInt8] {
        var length = 0
        guard let memory = vips_image_write_to_memory(pointer, &length) else {
            throw MediaError.unreadable(Vips.takeError())
        }
        defer { g_free(memory) }
        return Array(UnsafeRawBufferPointer(start: memory, count: length))
    }
}

extension ImageKind {
    /// The loader the C shim uses for this kind.
    var vipsFormat: HearthFormat {
        switch self {
        case .jpeg: HEARTH_FORMAT_JPEG
        case .png: HEARTH_FORMAT_PNG
        case .webp: HEARTH_FORMAT_WEBP
        case .heif: HEARTH_FORMAT_HEIF
        case .pdf: HEARTH_FORMAT_PDF
        }
    }
}
