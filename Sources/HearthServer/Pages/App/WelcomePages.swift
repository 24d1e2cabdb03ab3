import Foundation
import HearthCore
import Hummingbird

/// The first run: after registering, a short welcome to the three apps (one screen each, which
/// can be skipped) and an offer of sample data to try them with, removed again in one tap.
struct WelcomePages {
    let services: AppServices

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/welcome", use: welcome)
        router.post("/welcome/sample", use: addSample)
        router.post("/welcome/sample/remove", use: removeSample)
    }

    func welcome(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let sample = SampleHousehold(services: services)
        var hasSample = try await sample.hasItems(household: user.householdId)
        if !hasSample { hasSample = try await sample.hasList(household: user.householdId) }
        let page = WelcomePage(layout: services.layout("Welcome", nil, context), name: user.name, hasSample: hasSample)
        return try services.renderer.render("welcome", page)
    }

    func addSample(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        try await SampleHousehold(services: services).add(for: user)
        return .seeOther("/inventory", notice: .sampleAdded)
    }

    /// Back to where the button was (the inventory or the lists), without the sample.
    func removeSample(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        struct Form: Decodable { let next: String? }
        let next = try? await request.decode(as: Form.self, context: context).next
        try await SampleHousehold(services: services).remove(for: user)
        return .seeOther(next == "/lists" ? "/lists" : "/inventory", notice: .sampleRemoved)
    }
}

/// The welcome's screens: what Hearth is, then Focus, Inventory and Lists, then how to begin.
struct WelcomePage: Sendable {
    let layout: Layout
    let name: String
    /// The sample is in already (the page was opened again): it offers to go and look.
    let hasSample: Bool
}
