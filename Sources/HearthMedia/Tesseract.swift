import CTesseract
import Foundation

/// Tesseract through its C API. One engine per page: engines are not shareable across threads,
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
    /// run time. Recent libgomp keeps it per thread, so it is said on the thread about to recognise.
    /// libgomp is loaded with libtesseract, so its symbol is looked up, not linked.
    private static func oneThread() {
        typealias SetMaxActiveLevels = @convention(c) (Int32) -> Void
        #if canImport(Darwin)
        let everyLibrary = UnsafeMutableRawPointer(bitPattern: -2) // RTLD_DEFAULT
        #else
        let everyLibrary: UnsafeMutableRawPointer? = nil // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everyLibrary, "omp_set_max_active_levels") else { return }
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
    /// digits than a receipt's shortest, may be sideways or upside down. Real receipts read upright
    /// score 69 and more.
    static let doubtfulConfidence: Int32 = 55
    static let doubtfulCharacters = 20

    /// The page's lines of text, top to bottom, each with tesseract's confidence in it. A page that
    /// reads poorly may be turned (a phone photo turned without EXIF saying so): it is read again a
    /// quarter turn at a time, the turn tesseract's orientation detection guesses first, until a
    /// reading is clear; the clearest reading wins.
    static func recognize(_ page: GrayImage, languages: [String], dataPath: String?) throws -> [RecognizedLine] {
        try withEngine(languages: languages, dataPath: dataPath) { engine in
            var best = try read(page, with: engine)
            guard best.isDoubtful else { return best.lines }
            let guess = quarterTurnsToUpright(page, dataPath: dataPath).map { [$0] } ?? []
            var turns: [Int] = []
            for turn in guess + [1, 3, 2] where turn != 0 && !turns.contains(turn) { turns.append(turn) }
            for turn in turns {
                let reading = try read(page.rotated(quarterTurns: turn), with: engine)
                if reading.isClearer(than: best) { best = reading }
                if !best.isDoubtful { break }
            }
            return best.lines
        }
    }

    /// One reading of a page: its lines and the mean confidence of its words (0...100).
    struct Reading {
        let lines: [RecognizedLine]
        let confidence: Int32

        var characters: Int { lines.reduce(0) { $0 + $1.text.count { $0.isLetter || $0.isNumber } } }
        var isDoubtful: Bool { confidence < doubtfulConfidence || characters < doubtfulCharacters }

        /// A clear reading beats a doubtful one; between two, the one with more text read surely
        /// (a few sure letters of a sideways page do not beat a faint page read whole).
        func isClearer(than other: Reading) -> Bool {
            func worth(_ reading: Reading) -> (Int, Int) {
                (reading.isDoubtful ? 0 : 1, Int(reading.confidence) * min(reading.characters, 200))
            }
            return worth(self) > worth(other)
        }
    }

    /// `body` with an engine loaded with `languages`: loading six languages' models takes a while,
    /// so the turns of one page share it.
    private static func withEngine<T>(languages: [String], dataPath: String?, _ body: (OpaquePointer) throws -> T) throws -> T {
        _ = quiet
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
        return try body(handle)
    }

    private static func read(_ page: GrayImage, with engine: OpaquePointer) throws -> Reading {
        oneThread()
        return try page.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(engine, pixels.baseAddress, Int32(page.width), Int32(page.height), 1, Int32(page.width))
            // The page is scaled to about 300 dpi worth of detail; saying so stops tesseract guessing.
            TessBaseAPISetSourceResolution(engine, 300)
            guard TessBaseAPIRecognize(engine, nil) == 0 else { throw MediaError.failed("tesseract could not recognise the page") }
            return Reading(lines: lines(of: engine), confidence: TessBaseAPIMeanTextConf(engine))
        }
    }

    /// How many quarter turns clockwise tesseract's orientation detection guesses bring the page
    /// upright; nil without its data ("osd"). On a receipt's few short lines it is often unsure
    /// (confidences of 0.05 to 0.9 where a page of prose gets 10 and more), so it only says which
    /// turn to try first.
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
            guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0 else { return nil }
            // Tesseract says how far the page is turned clockwise; as many quarter turns more complete the circle.
            return (4 - Int(degrees / 90) % 4) % 4
        }
    }

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
