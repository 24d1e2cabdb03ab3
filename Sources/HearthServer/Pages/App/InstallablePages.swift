import Foundation
import HearthCore
import Hummingbird

/// What makes Hearth installable: the web app manifest, the service worker (`/sw.js`) and the pages
/// it keeps for use without a connection: the offline page and the shells of the Lists pages.
struct InstallablePages {
    let services: AppServices

    func addRoutes(to router: Router<HearthRequestContext>) throws {
        let worker = try Self.serviceWorker(version: services.renderer.assetVersion)
        router.get("/sw.js") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: worker)))
        }
        router.get("/manifest.webmanifest") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: Self.manifest)))
        }
        router.get("/offline") { _, context in
            // Kept in the service worker's cache, so it must not carry anyone's data: always signed out.
            var anonymous = context
            anonymous.user = nil
            anonymous.csrfToken = ""
            return try services.renderer.render("offline", OfflinePage(layout: services.layout("Offline", nil, anonymous)))
                .keptByServiceWorker()
        }
    }

    /// The worker's script with this release's version and the static files it keeps.
    static func serviceWorker(version: String) throws -> String {
        let script = try String(contentsOf: Resources.root.appendingPathComponent("worker/sw.js"), encoding: .utf8)
        let root = Resources.publicFiles.standardizedFileURL.path
        let assets = Resources.staticFiles().map { String($0.standardizedFileURL.path.dropFirst(root.count)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let list = String(decoding: try encoder.encode(assets), as: UTF8.self)
        return script.replacingOccurrences(of: "__VERSION__", with: version).replacingOccurrences(of: "__ASSETS__", with: list)
    }

    static let manifest = """
        {
          "id": "/",
          "name": "Hearth",
          "short_name": "Hearth",
          "description": "Your household's focus timer, home inventory and shopping lists.",
          "start_url": "/focus",
          "scope": "/",
          "display": "standalone",
          "background_color": "#f6f5f2",
          "theme_color": "#ffffff",
          "icons": [
            { "src": "/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any" },
            { "src": "/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any" },
            { "src": "/icons/maskable-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable" },
            { "src": "/icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable" }
          ],
          "shortcuts": [
            { "name": "Start Pomodoro", "short_name": "Pomodoro", "description": "Start a focus session",
              "url": "/focus?start=pomodoro", "icons": [{ "src": "/icons/shortcut-focus.png", "sizes": "96x96", "type": "image/png" }] },
            { "name": "Start rest", "short_name": "Rest", "description": "Start a rest between sets",
              "url": "/focus?start=rest", "icons": [{ "src": "/icons/shortcut-rest.png", "sizes": "96x96", "type": "image/png" }] },
            { "name": "Capture item", "short_name": "Capture", "description": "Photograph something for the inventory",
              "url": "/inventory/capture", "icons": [{ "src": "/icons/shortcut-capture.png", "sizes": "96x96", "type": "image/png" }] },
            { "name": "Add to a list", "short_name": "Add to list", "description": "Add something to your first shopping list",
              "url": "/lists?add=1", "icons": [{ "src": "/icons/shortcut-list.png", "sizes": "96x96", "type": "image/png" }] }
          ]
        }
        """
}

extension Response {
    /// A page the service worker keeps: revalidated whenever it is fetched, and never a cookie
    /// (the CSRF middleware sets none for a page without a token).
    func keptByServiceWorker() -> Response {
        var response = self
        response.headers[.cacheControl] = "no-cache"
        return response
    }
}

/// Shown by the service worker instead of a page that cannot be loaded (its frame only: the offline
/// page, and shells whose script draws the account's copy).
struct OfflinePage: Sendable {
    let layout: Layout
}
