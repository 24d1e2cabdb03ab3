import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// The yearly check on the phone: the rooms with what is left to check in each, then a room's
/// things one by one — still here, moved to another room, or gone (archived: kept for the
/// record). Whatever is answered counts as seen today for 12 months.
struct CheckPages {
    let services: AppServices

    struct Room: Sendable {
        let href: String
        let name: String
        let progress: String
        let done: Bool
    }

    struct Item: Sendable {
        let id: String
        let name: String
        let detail: String
        let thumb: String?
        /// The category's emoji; without one the row draws the inventory's icon.
        let icon: String?
    }

    struct Page: Sendable {
        let layout: Layout
        let lastChecked: String
        let countsInScore: Bool
        let rooms: [Room]
        /// A room's walk: its name, its things left to check, the rooms they may have moved to.
        let roomName: String?
        let roomValue: String?
        let items: [Item]
        let hasItems: Bool
        let moveRooms: [SelectOption]
        let error: String?
    }

    struct AnswerForm: Decodable {
        let answer: String
        let room: String?
        let back: String?
    }

    struct RoomForm: Decodable {
        let room: String
    }

    struct SettingsForm: Decodable {
        let counts: String?
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/inventory/check", use: page)
        router.post("/inventory/check/items/{id}", use: answer)
        router.post("/inventory/check/all", use: all)
        router.post("/inventory/check/settings", use: settings)
    }

    func page(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await render(context, room: request.uri.queryParameters["room"].map(String.init), notice: Notice.from(request))
    }

    /// Still here, found in another room, or gone.
    func answer(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        guard try await services.inventory.item(id: id, householdId: user.householdId) != nil else {
            throw try await services.inventory.missingItemError(id, householdId: user.householdId)
        }
        let form = try await request.decode(as: AnswerForm.self, context: context)
        let today = services.today(for: user)
        do {
            switch form.answer {
            case "here": _ = try await services.inventory.bulkChange(.check(on: today), itemIds: [id], householdId: user.householdId)
            case "moved":
                guard let value = form.room, value == "none" || UUID(uuidString: value) != nil else {
                    throw HTTPError(.badRequest, message: "Choose the room it was found in.")
                }
                _ = try await services.inventory.bulkChange(.check(on: today, movedTo: .some(UUID(uuidString: value))), itemIds: [id],
                                                                householdId: user.householdId)
            case "gone":
                _ = try await services.inventory.updateItem(id: id, householdId: user.householdId) { $0.disposition = .archived }
            default: throw HTTPError(.badRequest, message: "Answer here, moved or gone.")
            }
        } catch InventoryError.itemNotFound, InventoryError.itemDeleted {
            return .seeOther("/inventory/check", notice: .itemGone)
        } catch let error as InventoryError {
            return try await render(context, room: form.back, error: error.message, status: ProblemDetails.status(of: error))
        }
        await services.events.publishInventoryChange("itemUpdated", itemId: id, by: user)
        return .seeOther(Self.roomPath(form.back) + "#check-items")
    }

    /// Everything left in a room is still here.
    func all(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: RoomForm.self, context: context)
        let today = services.today(for: user)
        guard let room = Self.filter(form.room) else { throw HTTPError(.badRequest, message: "Choose a room.") }
        let left = try await services.inventory.itemsToCheck(householdId: user.householdId, room: room, today: today)
        if !left.isEmpty {
            _ = try await services.inventory.bulkChange(.check(on: today), itemIds: left.map(\.id), householdId: user.householdId)
            await services.events.publishInventoryChange("itemsChanged", itemId: nil, by: user)
        }
        return .seeOther(Self.roomPath(form.room) + "#check-items")
    }

    func settings(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: SettingsForm.self, context: context)
        try await services.inventory.setCheckCountsInScore(form.counts != nil, householdId: user.householdId)
        await services.events.publishInventoryChange("settingsChanged", itemId: nil, by: user)
        return .seeOther("/inventory/check#check-settings", notice: .saved)
    }

    private func render(_ context: HearthRequestContext, room: String?, notice: String? = nil, error: String? = nil,
                        status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = try context.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        let today = services.today(for: user)
        let rooms = try await services.inventory.groups(.room, householdId: user.householdId)
        let categories = try await services.inventory.groups(.category, householdId: user.householdId)
        let progress = try await services.inventory.checkProgress(householdId: user.householdId, today: today)
        let settings = try await services.inventory.checkSettings(householdId: user.householdId)
        let entries: [(id: UUID?, name: String)] = rooms.map { ($0.id, [$0.icon, $0.name].compactMap { $0 }.joined(separator: " ")) } + [(nil, "No room")]
        let roomRows = entries.compactMap { entry -> Room? in
            guard let counts = progress[entry.id], counts.total > 0 else { return nil }
            let checked = counts.total - counts.toCheck
            return Room(href: Self.roomPath(entry.id?.text ?? "none"), name: entry.name,
                        progress: counts.toCheck == 0 ? "All \(counts.total) checked" : "\(checked) of \(counts.total) checked", done: counts.toCheck == 0)
        }
        var roomName: String?, items: [Item] = []
        if let value = room, let filter = Self.filter(value) {
            roomName = entries.first { $0.id?.text == value.uppercased() || ($0.id == nil && value == "none") }?.name
            let icons = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.icon) })
            items = try await services.inventory.itemsToCheck(householdId: user.householdId, room: filter, today: today).map { item in
                Item(id: item.id.text, name: item.name,
                     detail: [item.assetId?.text, item.brand, item.verifiedOn.map { "checked \(InventoryFormat.date($0))" } ?? "not checked since it was added"]
                        .compactMap { $0 }.joined(separator: " · "),
                     thumb: item.primaryPhotoId.map { PhotoURL.path(itemId: item.id, photoId: $0, size: .thumb) },
                     icon: item.categoryId.flatMap { icons[$0] ?? nil })
            }
        }
        let page = Page(
            layout: services.layout(roomName.map { "Check \($0)" } ?? "Yearly check", .inventory, context, notice: notice),
            lastChecked: settings.lastChecked.map { "Last checked \(InventoryFormat.date($0))." } ?? "Not checked yet.",
            countsInScore: settings.countsInScore, rooms: roomRows, roomName: roomName, roomValue: roomName == nil ? nil : room,
            items: items, hasItems: !items.isEmpty,
            moveRooms: SelectOption.groups(rooms, selected: nil) + [SelectOption(value: "none", title: "No room", selected: false)],
            error: error)
        return try services.renderer.render("inventory-check", page, status: status)
    }

    static func filter(_ value: String) -> ItemQuery.GroupFilter? {
        value == "none" ? .unassigned : UUID(uuidString: value).map { .group($0) }
    }

    static func roomPath(_ room: String?) -> String {
        guard let room, filter(room) != nil else { return "/inventory/check" }
        return "/inventory/check?room=\(room)"
    }
}
