import Foundation
import HearthCore
import Hummingbird

/// The area not built yet (it says so in one line and links to what exists) and the privacy page.
struct AppPages {
    let services: AppServices

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/inventory") { request, context in
            _ = try context.requireUser()
            let section = Layout.Section.inventory
            let page = ComingSoonPage(layout: services.layout(section.title, section, context, notice: Notice.from(request)),
                                      area: section.title, summary: section.summary)
            return try services.renderer.render("coming-soon", page)
        }
        router.get("/privacy") { _, context in
            try services.renderer.render("privacy", PrivacyPage(layout: services.layout("Privacy", nil, context)))
        }
    }
}

/// A one-line page for an area that is not built yet.
struct ComingSoonPage: Sendable {
    let layout: Layout
    let area: String
    let summary: String
}

/// What Hearth stores and where it goes.
struct PrivacyPage: Sendable {
    let layout: Layout
}

extension Layout.Section {
    var summary: String {
        switch self {
        case .focus: "the Pomodoro timer, the countdown to a time of day and the rest timer"
        case .inventory: "the insurance-ready home inventory"
        case .lists: "the shared shopping lists"
        case .settings: "settings"
        }
    }
}
