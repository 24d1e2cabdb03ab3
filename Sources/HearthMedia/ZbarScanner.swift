import CZbar

/// One zbar pass over grey pixels. zbar objects are made and destroyed per call, so concurrent
/// jobs never share one.
enum ZbarScanner {
    /// Symbologies zbar leaves off by default that products carry. Without UPC-A on, zbar
    /// reports a UPC-A code as a 13-digit EAN-13 with a leading zero.
    private static let alsoEnabled: [zbar_symbol_type_t] = [ZBAR_UPCA, ZBAR_UPCE]

    static func scan(_ image: GrayImage) throws -> [Barcode] {
        guard let scanner = zbar_image_scanner_create() else { throw MediaError.failed("zbar scanner could not be created") }
        defer { zbar_image_scanner_destroy(scanner) }
        for symbology in alsoEnabled {
            guard zbar_image_scanner_set_config(scanner, symbology, ZBAR_CFG_ENABLE, 1) == 0 else {
                throw MediaError.failed("zbar refused to enable symbology \(symbology.rawValue)")
            }
        }
        guard let zbarImage = zbar_image_create() else { throw MediaError.failed("zbar image could not be created") }
        defer { zbar_image_destroy(zbarImage) }
        zbar_image_set_format(zbarImage, hearth_zbar_format_y800())
        zbar_image_set_size(zbarImage, UInt32(image.width), UInt32(image.height))

        return try image.pixels.withUnsafeBufferPointer { buffer in
            // zbar only reads the pixels, during zbar_scan_image; no cleanup handler, Swift owns them.
            zbar_image_set_data(zbarImage, buffer.baseAddress, UInt(buffer.count), nil)
            let count = zbar_scan_image(scanner, zbarImage)
            guard count >= 0 else { throw MediaError.failed("zbar could not scan the image") }
            var codes: [Barcode] = []
            var symbol = zbar_image_first_symbol(zbarImage)
            while let current = symbol {
                codes.append(barcode(from: current))
                symbol = zbar_symbol_next(current)
            }
            zbar_image_set_data(zbarImage, nil, 0, nil)
            return codes
        }
    }

    private static func barcode(from symbol: OpaquePointer) -> Barcode {
        let name = zbar_get_symbol_name(zbar_symbol_get_type(symbol)).map { String(cString: $0) } ?? "unknown"
        let length = Int(zbar_symbol_get_data_length(symbol))
        let text = zbar_symbol_get_data(symbol).map { data in
            data.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
        } ?? ""
        return Barcode(symbology: name, text: text)
    }
}
