import Foundation

/// The pictures the media benchmarks read: 12-megapixel phone photos made once by
/// `scripts/make-photo.sh` and kept in the temporary folder (package-benchmark runs every benchmark
/// in a process of its own, and a HEIC takes some 15 s to encode), and the rendered receipts of
/// HearthMediaTests.
enum MediaFixtures {
    /// A photo as a phone takes it.
    enum Photo: String, CaseIterable {
        case jpeg = "jpg"
        case heic = "heic"

        var title: String { self == .jpeg ? "JPEG" : "HEIC" }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-photos")

    /// The path of a 4032x3024 photo, made first if it is not there yet.
    static func path(of photo: Photo) throws -> String {
        let url = folder.appendingPathComponent("phone-4032x3024.\(photo.rawValue)")
        if !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let maker = Process()
            maker.executableURL = repository.appendingPathComponent("scripts/make-photo.sh")
            maker.arguments = [url.path]
            try maker.run()
            maker.waitUntilExit()
            guard maker.terminationStatus == 0 else { throw MediaFixtureError.photoNotMade(url.path) }
        }
        return url.path
    }

    /// The receipt photos, sorted by name.
    static func receipts() throws -> [String] {
        let folder = repository.appendingPathComponent("Tests/HearthMediaTests/Fixtures/receipts")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        guard !names.isEmpty else { throw MediaFixtureError.noReceipts(folder.path) }
        return names.map { folder.appendingPathComponent($0).path }
    }
}

/// Why a picture to measure is missing.
enum MediaFixtureError: Error {
    case photoNotMade(String)
    case noReceipts(String)
}
