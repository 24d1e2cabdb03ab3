import Foundation
import HearthCore
import Hummingbird

/// What makes Hearth installable: the web app manifest and the page the service worker
/// (`/sw.js`) shows when a page cannot be loaded without a connection.
struct InstallablePages {
    let services: AppServices

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/manifest.webmanifest") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: Self.manifest)))
        }
        router.get("/offline") { _, context in
            // Kept in the service worker's cache, so it must not carry anyone's data: always signed out.
            var anonymous = context
            anonymous.user = nil
            anonymous.csrfToken = ""
            var response = try services.renderer.render("offline", OfflinePage(layout: services.layout("Offline", nil, anonymous)))
            response.headers[.cacheControl] = "no-cache"
            return response
        }
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
            { "name": "Focus", "url": "/focus" },
            { "name": "Lists", "url": "/lists" }
          ]
        }
        """
}

/// Shown by the service worker instead of a page that cannot be loaded.
struct OfflinePage: Sendable {
    let layout: Layout
}
