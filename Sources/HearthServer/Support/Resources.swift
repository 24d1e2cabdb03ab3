import Crypto
import Foundation
import HearthCore

/// Files shipped with the server: templates and static assets.
enum Resources {
    /// `HEARTH_RESOURCES_DIR` points the server at Sources/HearthServer/Resources while developing
    /// templates and styles, so a restart shows changes without a rebuild.
    static var root: URL {
        if let folder = ProcessInfo.processInfo.environment["HEARTH_RESOURCES_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        guard let url = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            fatalError("The HearthServer resource bundle is missing its Resources folder")
        }
        return url
    }
    static var templates: URL { root.appendingPathComponent("templates") }
    /// The words that sort a shopping list's items into aisles, read once a process.
    static let shoppingWords = Result { try ShoppingWords.load(from: root.appendingPathComponent("shopping-words")) }
    static var publicFiles: URL { root.appendingPathComponent("public") }
    /// Pictures of the sample household's items (``SampleHousehold``).
    static var samples: URL { root.appendingPathComponent("sample") }

    /// Every static file, in a stable order.
    static func staticFiles() -> [URL] {
        FileManager.default.enumerator(at: publicFiles, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }.sorted { $0.path < $1.path } ?? []
    }

    /// A hash over every static file, so a changed file gets a new URL.
    static func assetVersion() throws -> String {
        var hasher = SHA256()
        for file in staticFiles() {
            hasher.update(data: Data(file.lastPathComponent.utf8))
            hasher.update(data: try Data(contentsOf: file))
        }
        return hasher.finalize().prefix(6).hexString
    }
}
