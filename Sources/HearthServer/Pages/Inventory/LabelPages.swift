import Foundation
import HearthCore
import HearthReports
import HearthStore
import Hummingbird

/// Inventory → Labels: what the labels are for (an item, a box and what is in it, or a room
/// chosen here), the label stock and the first free place on the sheet; the form asks the API for
/// the PDF.
struct LabelPages {
    let services: AppServices

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/inventory/labels", use: page)
    }

    func page(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        let query = request.uri.queryParameters
        let choice = ["items", "room", "box"].compactMap { name in query[Substring(name)].map { LabelsPage.Field(name: name, value: String($0)) } }
        func value(_ name: String) -> String? { choice.first { $0.name == name }?.value }
        var selection: InventoryLabels.Selection?, names: [String] = [], error: String?
        do {
            selection = try InventoryLabels.Selection(items: value("items"), room: value("room"), box: value("box"))
            if let selection { names = try await services.labels.items(selection, householdId: user.householdId).map(\.name) }
        } catch let failure as InventoryError {
            error = failure.message
        } catch is HTTPErrorMessage {
            throw HTTPError(.notFound)
        }
        let hidden = selection == nil ? [] : choice
        let rooms = try await services.inventory.groups(.room, householdId: user.householdId)
        let counts = try await services.inventory.itemCounts(.room, householdId: user.householdId)
        let currency = try await services.inventory.currency(householdId: user.householdId)
        let page = LabelsPage(
            layout: services.layout("Labels", .inventory, context),
            summary: names.isEmpty ? nil : LabelsPage.summary(names),
            error: error, hidden: hidden, chooseRoom: selection == nil && error == nil,
            rooms: rooms.filter { (counts[$0.id] ?? 0) > 0 }.map {
                SelectOption(value: $0.id.text, title: [$0.icon, $0.name].compactMap { $0 }.joined(separator: " ") + " (\(counts[$0.id] ?? 0))", selected: false)
            },
            layouts: LabelLayout.allCases.map {
                SelectOption(value: $0.rawValue, title: $0.title, selected: $0 == LabelsPage.defaultLayout(currency: currency))
            },
            canMake: error == nil && (selection != nil || !rooms.isEmpty)
        )
        return try services.renderer.render("inventory-labels", page)
    }
}

struct LabelsPage: Sendable {
    struct Field: Sendable {
        let name: String
        let value: String
    }

    let layout: Layout
    /// "3 labels: Drill, Lamp and Sofa".
    let summary: String?
    let error: String?
    let hidden: [Field]
    let chooseRoom: Bool
    let rooms: [SelectOption]
    let layouts: [SelectOption]
    let canMake: Bool

    static func summary(_ names: [String]) -> String {
        let shown = names.prefix(8).map { "“\($0)”" }
        let rest = names.count - shown.count
        let list = rest > 0 ? shown.joined(separator: ", ") + " and \(rest) more"
            : shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + shown.last! : shown.joined()
        return "\(names.count.counted(Noun("label"))): " + list
    }

    /// Letter sheets where Letter paper is the rule (the household's money says where it is), A4 elsewhere.
    static func defaultLayout(currency: String) -> LabelLayout {
        ["USD", "CAD", "MXN", "PHP"].contains(currency) ? .avery5160 : .averyL7160
    }
}
