import Foundation

/// Test pictures made by Fixtures/make_fixtures.py, found beside this file.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Writes bytes to a fresh temporary file and returns its path.
    static func temporaryFile(_ data: Data, suffix: String = ".jpg") throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-media-\(UUID().uuidString)\(suffix)")
        try data.write(to: url)
        return url.path
    }
}
