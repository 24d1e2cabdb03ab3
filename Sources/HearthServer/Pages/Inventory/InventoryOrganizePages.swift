import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Rooms, categories and the household's currency: add, rename, reorder, delete (their items stay).
struct InventoryOrganizePages {
    let services: AppServices

    struct GroupForm: Decodable {
        let name: String
        let icon: String?
        /// A colour picker always sends a colour: it counts only when it is not the one the page showed.
        let color: String?
        let colorBefore: String?

        enum CodingKeys: String, CodingKey {
            case name, icon, color
            case colorBefore = "color_before"
        }

        var chosenColor: String? {
            guard let color, color.lowercased() != colorBefore?.lowercased() else { return nil }
            return color
        }
    }

    struct MoveForm: Decodable {
        let position: Int
    }

    struct CurrencyForm: Decodable {
        let currency: String
    }

    /// A category's depreciation: an empty useful life means its items keep their value.
    struct DepreciationForm: Decodable {
        let years: String?
        let floor: String?

        var rule: Depreciation {
            get throws(InventoryError) {
                var life: Int?
                if let text = years?.trimmingCharacters(in: .whitespaces).nilIfEmpty {
                    guard let number = Int(text) else {
                        throw .invalidDepreciation("Write the useful life in whole years, or leave it empty for things that keep their value.")
                    }
                    life = number
                }
                var percent = Depreciation.defaultFloorPercent
                if let text = floor?.trimmingCharacters(in: .whitespaces).nilIfEmpty {
                    guard let number = Int(text) else { throw .invalidDepreciation("Write the floor in whole percent, 0 to 100.") }
                    percent = number
                }
                return try Depreciation(usefulLifeYears: life, floorPercent: percent).validated()
            }
        }
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/inventory/organize", use: page)
        router.post("/inventory/settings", use: saveCurrency)
        router.post("/inventory/categories/{id}/depreciation", use: saveDepreciation)
        for kind in InventoryGroup.Kind.allCases {
            router.post("/inventory/\(kind.plural)") { request, context in try await create(kind, request, context) }
            router.post("/inventory/\(kind.plural)/{id}") { request, context in try await rename(kind, request, context) }
            router.post("/inventory/\(kind.plural)/{id}/move") { request, context in try await move(kind, request, context) }
            router.post("/inventory/\(kind.plural)/{id}/delete") { request, context in try await delete(kind, request, context) }
        }
    }

    func page(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await render(context, notice: Notice.from(request))
    }

    func saveCurrency(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: CurrencyForm.self, context: context)
        do {
            try await services.inventory.setCurrency(form.currency, householdId: user.householdId)
        } catch let error as InventoryError {
            return try await render(context, error: error.message, status: .unprocessableContent)
        }
        await services.events.publishInventoryChange("settingsChanged", itemId: nil, by: user)
        return .seeOther("/inventory/organize", notice: .saved)
    }

    func saveDepreciation(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: DepreciationForm.self, context: context)
        do {
            _ = try await services.inventory.updateGroup(.category, id: id, householdId: user.householdId, name: nil, icon: nil, position: nil,
                                                         depreciation: try form.rule)
        } catch let error as InventoryError where error != .groupNotFound(.category) {
            return try await render(context, error: error.message, status: ProblemDetails.status(of: error))
        }
        await services.events.publishInventoryChange("categoryUpdated", itemId: nil, by: user)
        return .seeOther("/inventory/organize#depreciation", notice: .saved)
    }

    func create(_ kind: InventoryGroup.Kind, _ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: GroupForm.self, context: context)
        do {
            _ = try await services.inventory.createGroup(kind, id: nil, householdId: user.householdId, name: form.name, icon: form.icon,
                                                         color: form.chosenColor)
        } catch let error as InventoryError {
            return try await render(context, error: error.message, status: ProblemDetails.status(of: error))
        }
        await services.events.publishInventoryChange("\(kind.rawValue)Created", itemId: nil, by: user)
        return .seeOther("/inventory/organize#\(kind.plural)", notice: .saved)
    }

    func rename(_ kind: InventoryGroup.Kind, _ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: GroupForm.self, context: context)
        do {
            _ = try await services.inventory.updateGroup(kind, id: id, householdId: user.householdId, name: form.name, icon: .some(form.icon),
                                                         color: form.chosenColor.map { .some($0) }, position: nil)
        } catch let error as InventoryError where error != .groupNotFound(kind) {
            return try await render(context, error: error.message, status: ProblemDetails.status(of: error))
        }
        await services.events.publishInventoryChange("\(kind.rawValue)Updated", itemId: nil, by: user)
        return .seeOther("/inventory/organize#\(kind.plural)", notice: .saved)
    }

    func move(_ kind: InventoryGroup.Kind, _ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: MoveForm.self, context: context)
        _ = try await services.inventory.updateGroup(kind, id: id, householdId: user.householdId, name: nil, icon: nil, position: form.position)
        await services.events.publishInventoryChange("\(kind.rawValue)Updated", itemId: nil, by: user)
        return .seeOther("/inventory/organize#\(kind.plural)")
    }

    func delete(_ kind: InventoryGroup.Kind, _ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        try await services.inventory.deleteGroup(kind, id: id, householdId: user.householdId)
        await services.events.publishInventoryChange("\(kind.rawValue)Deleted", itemId: nil, by: user)
        return .seeOther("/inventory/organize#\(kind.plural)", notice: .groupDeleted)
    }

    private func render(_ context: HearthRequestContext, notice: String? = nil, error: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = try context.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        var sections: [OrganizePage.Section] = []
        for kind in InventoryGroup.Kind.allCases {
            let groups = try await services.inventory.groups(kind, householdId: user.householdId)
            sections.append(OrganizePage.Section(kind: kind, groups: groups, counts: try await services.inventory.itemCounts(kind, householdId: user.householdId)))
        }
        let currency = try await services.inventory.currency(householdId: user.householdId)
        let categories = try await services.inventory.groups(.category, householdId: user.householdId)
        let page = OrganizePage(layout: services.layout("Rooms & categories", .inventory, context, notice: notice), sections: sections,
                                depreciation: categories.map(OrganizePage.DepreciationRow.init),
                                currencies: SelectOption.currencies(selected: currency, household: currency), error: error)
        return try services.renderer.render("inventory-organize", page, status: status)
    }
}

/// Rooms and categories, each a list of rows with rename, move and delete.
struct OrganizePage: Sendable {
    struct Row: Sendable {
        let id: String
        let name: String
        let icon: String
        /// What the colour picker shows: the group's colour, else grey.
        let color: String
        let items: String
        /// What deleting it does to its items, said before.
        let deleteHint: String
        let confirmText: String
        let up: Int?
        let down: Int?
    }

    struct Section: Sendable {
        let kind: String
        let title: String
        let noun: String
        let rows: [Row]
        /// The new group's colour picker starts here.
        let noColor = OrganizePage.noColor.lowercased()

        init(kind: InventoryGroup.Kind, groups: [InventoryGroup], counts: [UUID: Int]) {
            self.kind = kind.plural
            title = kind == .room ? "Rooms" : "Categories"
            noun = kind.noun
            rows = groups.enumerated().map { index, group in
                let count = counts[group.id] ?? 0
                return Row(id: group.id.text, name: group.name, icon: group.icon ?? "", color: (group.color ?? OrganizePage.noColor).lowercased(), items: count.counted(.item),
                           deleteHint: count == 0 ? "Delete" : "Delete (\(count == 1 ? "its item keeps" : "its \(count) items keep") existing, with no \(kind.noun))",
                           confirmText: count == 0 ? "It holds no items." : "\(count == 1 ? "Its item stays" : "Its \(count) items stay") in the inventory, with no \(kind.noun).",
                           up: index == 0 ? nil : index, down: index == groups.count - 1 ? nil : index + 2)
            }
        }
    }

    /// A category's useful life and floor, as its form shows them.
    struct DepreciationRow: Sendable {
        let id: String
        let name: String
        let years: String
        let floor: Int

        init(_ category: InventoryGroup) {
            id = category.id.text
            name = [category.icon, category.name].compactMap { $0 }.joined(separator: " ")
            let rule = category.depreciation ?? .none
            years = rule.usefulLifeYears.map(String.init) ?? ""
            floor = rule.floorPercent
        }
    }

    /// The colour picker's colour for a group without one (a picker cannot show none).
    static let noColor = "#9CA3AF"

    let layout: Layout
    let sections: [Section]
    let depreciation: [DepreciationRow]
    let currencies: [SelectOption]
    let error: String?
}
