import CTesseract
import Foundation

/// Tesseract through its C API. One engine per call: engines are not shareable across threads,
/// and a job's cost is dominated by recognition, not by loading the model.
enum Tesseract {
    /// Tesseract prints progress and warnings through `tprintf` to stderr unless its global
    /// `debug_file` says otherwise. Set once, before any engine runs (it is a process-wide string).
    private static let quiet: Void = {
        let handle = TessBaseAPICreate()
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        TessBaseAPIDelete(handle)
    }()

    /// Tesseract's LSTM asks OpenMP for up to ten threads per step. On a small server they spin
    /// against each other and the requests being served: a receipt read three times slower on two
    /// cores than with one thread. `OMP_THREAD_LIMIT=1` would say so, but libgomp reads it once,
    /// as the process loads; no nested parallelism at all (max active levels 0) says the same at
    /// run time. libgomp is loaded with libtesseract, so its symbol is looked up, not linked.
    private static func oneThread() {
        typealias SetMaxActiveLevels = @convention(c) (Int32) -> Void
        guard let symbol = dlsym(nil, "omp_set_max_active_levels") else { return }
        unsafeBitCast(symbol, to: SetMaxActiveLevels.self)(0)
    }

    static func installedLanguages(dataPath: String?) -> [String] {
        _ = quiet
        guard let handle = TessBaseAPICreate() else { return [] }
        defer {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
        }
        // Tesseract names its data folder only once an engine initialises; asking for a language
        // that cannot exist resolves the folder and lists it without loading any model.
        _ = TessBaseAPIInit3(handle, dataPath, "hearth-none")
        guard let list = TessBaseAPIGetAvailableLanguagesAsVector(handle) else { return [] }
        defer { TessDeleteTextArray(list) }
        var languages: [String] = []
        var index = 0
        while let name = list[index] {
            languages.append(String(cString: name))
            index += 1
        }
        return languages.sorted()
    }

    /// A page read with a mean word confidence below this (0...100), or with fewer letters and
    /// digits than a receipt's shortest, may be sideways or upside down.
    static let doubtfulConfidence: Int32 = 55
    static let doubtfulCharacters = 20

    /// The page's lines of text, top to bottom, each with tesseract's confidence in it. A page that
    /// reads poorly is checked for its orientation (a phone photo turned without EXIF saying so):
    /// when tesseract's orientation detection says it is turned, it is read again upright, and the
    /// better reading wins.
    static func recognize(_ page: GrayImage, languages: [String], dataPath: String?) throws -> [RecognizedLine] {
        let first = try read(page, languages: languages, dataPath: dataPath)
        let characters = first.lines.reduce(0) { $0 + $1.text.count { $0.isLetter || $0.isNumber } }
        guard first.confidence < doubtfulConfidence || characters < doubtfulCharacters, let turn = quarterTurnsToUpright(page, dataPath: dataPath), turn != 0 else {
            return first.lines
        }
        let upright = try read(page.rotated(quarterTurns: turn), languages: languages, dataPath: dataPath)
        return upright.confidence > first.confidence ? upright.lines : first.lines
    }

    /// One reading of the page: its lines and the mean confidence of its words (0...100).
    private static func read(_ page: GrayImage, languages: [String], dataPath: String?) throws -> (lines: [RecognizedLine], confidence: Int32) {
        _ = quiet
        oneThread()
        guard !languages.isEmpty else { throw MediaError.failed("no tesseract language data installed") }
        guard let handle = TessBaseAPICreate() else { throw MediaError.failed("tesseract could not be created") }
        defer {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
        }
        let joined = languages.joined(separator: "+")
        guard TessBaseAPIInit3(handle, dataPath, joined) == 0 else {
            throw MediaError.failed("tesseract could not load language data \(joined) from \(dataPath ?? "its default folder")")
        }
        // One column of lines of varying size: a receipt. Automatic layout analysis splits a
        // receipt's price column from its item names and sometimes drops it.
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_COLUMN)
        return try page.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress, Int32(page.width), Int32(page.height), 1, Int32(page.width))
            // The page is scaled to about 300 dpi worth of detail; saying so stops tesseract guessing.
            TessBaseAPISetSourceResolution(handle, 300)
            guard TessBaseAPIRecognize(handle, nil) == 0 else { throw MediaError.failed("tesseract could not recognise the page") }
            return (lines(of: handle), TessBaseAPIMeanTextConf(handle))
        }
    }

    /// How many quarter turns clockwise bring the page upright, by tesseract's orientation
    /// detection; nil without its data ("osd") or when it is unsure.
    static func quarterTurnsToUpright(_ page: GrayImage, dataPath: String?) -> Int? {
        _ = quiet
        oneThread()
        guard let handle = TessBaseAPICreate() else { return nil }
        defer {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
        }
        guard TessBaseAPIInit3(handle, dataPath, "osd") == 0 else { return nil }
        TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
        return page.pixels.withUnsafeBufferPointer { pixels -> Int? in
            TessBaseAPISetImage(handle, pixels.baseAddress, Int32(page.width), Int32(page.height), 1, Int32(page.width))
            TessBaseAPISetSourceResolution(handle, 300)
            var degrees: Int32 = 0
            var confidence: Float = 0
            var script: UnsafePointer<CChar>?
            var scriptConfidence: Float = 0
            guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0,
                  confidence >= minimumOrientationConfidence
            else { return nil }
            // Tesseract says how far the page is turned clockwise; as many quarter turns more complete the circle.
            return (4 - Int(degrees / 90) % 4) % 4
        }
    }

    /// Orientation detection is less sure on a receipt's short lines than on a page of prose (0.7 to
    /// 0.9 on a clear photo turned by hand); below this it is guessing. A wrong turn costs only time:
    /// the reading that is more sure of its words wins.
    static let minimumOrientationConfidence: Float = 0.5

    /// The lines of a recognised page; none when it holds no text.
    private static func lines(of handle: OpaquePointer) -> [RecognizedLine] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var lines: [RecognizedLine] = []
        repeat {
            guard let utf8 = TessResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE) else { continue }
            defer { TessDeleteText(utf8) }
            let text = String(cString: utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_TEXTLINE)) / 100
            if !text.isEmpty { lines.append(RecognizedLine(text: text, confidence: min(max(confidence, 0), 1))) }
        } while TessPageIteratorNext(page, RIL_TEXTLINE) != 0
        return lines
    }
}
