import Foundation
import HearthCore
import Hummingbird

/// The privacy page.
struct AppPages {
    let services: AppServices

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/privacy") { _, context in
            try services.renderer.render("privacy", PrivacyPage(layout: services.layout("Privacy", nil, context)))
        }
    }
}

/// What Hearth stores and where it goes.
struct PrivacyPage: Sendable {
    let layout: Layout
}
