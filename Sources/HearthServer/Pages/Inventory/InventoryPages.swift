import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// The inventory home and an item's pages: view, add, edit, duplicate, move, delete and restore.
/// Photos are added by the page's script through the API. Changes made here are published like the API's.
struct InventoryPages {
    let services: AppServices

    struct MoveForm: Decodable {
        let room: String?
    }

    struct BulkForm: Decodable {
        let ids: [String]?
        let action: String
        let room: String?
        let category: String?
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/inventory", use: home)
        router.get("/shell/inventory", use: shell)
        router.get("/shell/item", use: itemShell)
        router.get("/inventory/items/list", use: listFragment)
        router.get("/inventory/items/new", use: newItem)
        router.post("/inventory/items", use: create)
        router.post("/inventory/bulk", use: bulk)
        router.get("/inventory/deleted", use: deleted)
        router.get("/inventory/items/{id}", use: show)
        router.get("/inventory/items/{id}/edit", use: edit)
        router.post("/inventory/items/{id}", use: save)
        router.post("/inventory/items/{id}/duplicate", use: duplicate)
        router.post("/inventory/items/{id}/move", use: move)
        router.post("/inventory/items/{id}/delete", use: delete)
        router.post("/inventory/items/{id}/restore", use: restore)
        router.post("/inventory/items/{id}/purge", use: purge)
    }

    /// The item list as the service worker keeps it: its script draws the account's copy of the
    /// list as last seen, with the thumbnails kept.
    func shell(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let layout = Layout.shell(title: "Inventory", section: .inventory, path: "/inventory", context: context, assetVersion: services.renderer.assetVersion)
        return try services.renderer.render("inventory-offline", OfflinePage(layout: layout)).keptByServiceWorker()
    }

    /// An item's page, its edit form and the new-item form as the service worker keeps them: the
    /// script draws the account's copy of the one asked for, which then works through the outbox.
    func itemShell(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let layout = Layout.shell(title: "Item", section: .inventory, path: "/inventory/items/item", context: context, assetVersion: services.renderer.assetVersion)
        return try services.renderer.render("inventory-item-offline", OfflinePage(layout: layout)).keptByServiceWorker()
    }

    func home(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        let filters = InventoryFilters(request.uri.formParameters)
        let today = services.today(for: user)
        let cursor = request.uri.queryParameters["cursor"].map(String.init)
        let (page, searchError) = try await pageOfItems(filters, user: user, cursor: cursor)
        let rooms = try await services.inventory.groups(.room, householdId: user.householdId)
        let categories = try await services.inventory.groups(.category, householdId: user.householdId)
        var justDeleted: InventoryItem?
        if let id = request.uri.queryParameters["deleted"].flatMap({ UUID(uuidString: String($0)) }),
           let item = try await services.inventory.item(id: id, householdId: user.householdId, includingDeleted: true), item.deletedAt != nil {
            justDeleted = item
        }
        var model = InventoryHomePage(
            layout: services.layout("Inventory", .inventory, context, notice: Notice.from(request)),
            summary: try await services.inventory.summary(householdId: user.householdId, today: today),
            currency: try await services.inventory.currency(householdId: user.householdId), page: page, searchError: searchError, filters: filters,
            rooms: rooms, categories: categories, tags: try await services.inventory.tags(householdId: user.householdId), justDeleted: justDeleted,
            dueMaintenance: try await services.inventory.dueMaintenance(householdId: user.householdId,
                                                                        through: today.adding(days: MaintenanceStatus.soonDays) ?? today, limit: 20),
            today: today, compact: Self.wantsCompactList(request)
        )
        model.hasSample = try await SampleHousehold(services: services).hasItems(household: user.householdId)
        return try services.renderer.render("inventory", model)
    }

    /// The cookie that remembers the person's choice of the compact list over the grid (set by
    /// inventory.js; a preference of this browser, like the theme of a device).
    static let itemViewCookie = "hearth_items"

    static func wantsCompactList(_ request: Request) -> Bool {
        request.cookies[itemViewCookie]?.value == "list"
    }

    /// The item list alone, for search as you type and "More".
    func listFragment(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let filters = InventoryFilters(request.uri.formParameters)
        let (page, searchError) = try await pageOfItems(filters, user: user, cursor: request.uri.queryParameters["cursor"].map(String.init))
        let names = GroupNames(rooms: try await services.inventory.groups(.room, householdId: user.householdId),
                               categories: try await services.inventory.groups(.category, householdId: user.householdId))
        return try services.renderer.render("inventory-items", ItemListFragment(page: page, searchError: searchError, names: names, filters: filters,
                                                                                 csrfToken: context.csrfToken, compact: Self.wantsCompactList(request)))
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await renderItem(try context.parameters.require("id", as: UUID.self), context: context, notice: Notice.from(request))
    }

    func newItem(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        let form = InventoryItemForm(barcode: request.uri.queryParameters["barcode"].map(String.init),
                                     room: request.uri.queryParameters["room"].map(String.init))
        return try await renderForm(form, id: nil, context: context)
    }

    func create(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: InventoryItemForm.self, context: context)
        do {
            let details = try form.details(defaultCurrency: try await services.inventory.currency(householdId: user.householdId))
            let item = try await services.inventory.createItem(id: nil, householdId: user.householdId, details).item
            await services.events.publishInventoryChange("itemCreated", itemId: item.id, by: user)
            return .seeOther("/inventory/items/\(item.id.text)", notice: .itemAdded)
        } catch let problem as InventoryItemForm.Problem {
            return try await renderForm(form, id: nil, context: context, error: problem.message, field: problem.field)
        } catch let error as InventoryError where error != .itemNotFound {
            return try await renderForm(form, id: nil, context: context, error: error.message, field: Self.field(of: error),
                                        status: ProblemDetails.status(of: error))
        }
    }

    func edit(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        guard let item = try await services.inventory.item(id: id, householdId: user.householdId) else {
            throw try await services.inventory.missingItemError(id, householdId: user.householdId)
        }
        return try await renderForm(InventoryItemForm(ItemDetails(item), warrantyUntil: item.warrantyUntil), id: id, context: context)
    }

    func save(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: InventoryItemForm.self, context: context)
        do {
            let details = try form.details(defaultCurrency: try await services.inventory.currency(householdId: user.householdId))
            _ = try await services.inventory.updateItem(id: id, householdId: user.householdId) { form.apply(details, to: &$0) }
            await services.events.publishInventoryChange("itemUpdated", itemId: id, by: user)
            return .seeOther("/inventory/items/\(id.text)", notice: .saved)
        } catch let problem as InventoryItemForm.Problem {
            return try await renderForm(form, id: id, context: context, error: problem.message, field: problem.field)
        } catch let error as InventoryError where error != .itemNotFound && error != .itemDeleted {
            return try await renderForm(form, id: id, context: context, error: error.message, field: Self.field(of: error),
                                        status: ProblemDetails.status(of: error))
        }
    }

    func duplicate(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await itemButton(context, event: "itemCreated") { user, id in
            let copy = try await services.inventory.duplicateItem(id: id, newId: nil, householdId: user.householdId).item
            return .seeOther("/inventory/items/\(copy.id.text)/edit", notice: .itemCopied)
        }
    }

    func move(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: MoveForm.self, context: context)
        return try await itemButton(context, event: "itemUpdated") { user, id in
            let room = form.room.flatMap { UUID(uuidString: $0) }
            _ = try await services.inventory.updateItem(id: id, householdId: user.householdId) { $0.roomId = room }
            return .seeOther("/inventory/items/\(id.text)", notice: .saved)
        }
    }

    func delete(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await itemButton(context, event: "itemDeleted") { user, id in
            try await services.inventory.deleteItem(id: id, householdId: user.householdId)
            return .seeOther("/inventory?deleted=\(id.text)")
        }
    }

    func restore(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await itemButton(context, event: "itemRestored") { user, id in
            _ = try await services.inventory.restoreItem(id: id, householdId: user.householdId)
            return .seeOther("/inventory/items/\(id.text)", notice: .itemRestored)
        }
    }

    func purge(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await itemButton(context, event: "itemPurged") { user, id in
            await services.media.removeUnreferenced(try await services.inventory.purgeItem(id: id, householdId: user.householdId))
            return .seeOther("/inventory/deleted", notice: .itemPurged)
        }
    }

    func bulk(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: BulkForm.self, context: context)
        let ids = (form.ids ?? []).compactMap { UUID(uuidString: $0) }
        let change: InventoryStore.BulkChange
        switch form.action {
        case "move": change = .move(roomId: form.room.flatMap { UUID(uuidString: $0) })
        case "categorize": change = .categorize(categoryId: form.category.flatMap { UUID(uuidString: $0) })
        case "delete": change = .delete
        default: throw HTTPErrorMessage.badRequest("Choose what to do with the selected items.")
        }
        guard !ids.isEmpty else { return .seeOther("/inventory", notice: .nothingSelected) }
        _ = try await services.inventory.bulkChange(change, itemIds: ids, householdId: user.householdId)
        await services.events.publishInventoryChange("itemsChanged", itemId: nil, by: user)
        return .seeOther("/inventory", notice: form.action == "delete" ? .itemsDeleted : .saved)
    }

    func deleted(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let items = try await services.inventory.deletedItems(householdId: user.householdId)
        let page = DeletedItemsPage(layout: services.layout("Recently deleted", .inventory, context, notice: Notice.from(request)),
                                    items: items, now: services.clock.now)
        return try services.renderer.render("inventory-deleted", page)
    }

    /// A button on an item: does `action` on the item in the path and tells the household. A button
    /// on a page that is out of date (the item was deleted or purged meanwhile) leads to the
    /// inventory with a notice instead of an error page.
    private func itemButton(_ context: HearthRequestContext, event: String, _ action: (User, UUID) async throws -> Response) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        do {
            let response = try await action(user, id)
            await services.events.publishInventoryChange(event, itemId: id, by: user)
            return response
        } catch InventoryError.itemNotFound, InventoryError.itemDeleted {
            return .seeOther("/inventory", notice: .itemGone)
        }
    }

    /// A page of the list, or none and why when the search's filters cannot be read.
    private func pageOfItems(_ filters: InventoryFilters, user: User, cursor: String?) async throws -> (page: ItemPage, searchError: String?) {
        let today = services.today(for: user)
        var query = filters.query(today: today, cursor: cursor, limit: 60)
        do {
            try await services.inventory.applySearchFilters(to: &query, householdId: user.householdId, today: today)
        } catch InventoryError.invalidSearch(let message) {
            return (ItemPage(items: [], nextCursor: nil, total: 0), message)
        }
        do {
            return (try await services.inventory.items(householdId: user.householdId, query), nil)
        } catch InventoryError.invalidCursor {
            query.cursor = nil
            return (try await services.inventory.items(householdId: user.householdId, query), nil)
        }
    }

    /// An item's page; with `error`, answered with `status` and the error above it.
    func renderItem(_ id: UUID, context: HearthRequestContext, notice: String? = nil, error: String? = nil,
                    status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = try context.requireUser()
        guard let item = try await services.inventory.item(id: id, householdId: user.householdId, includingDeleted: true) else {
            throw InventoryError.itemNotFound
        }
        var container: InventoryItem?
        if let containerId = item.containerId { container = try await services.inventory.item(id: containerId, householdId: user.householdId) }
        let page = InventoryItemPage(
            layout: services.layout(item.name, .inventory, context, notice: notice), item: item,
            photos: try await services.inventory.photos(itemId: id, householdId: user.householdId),
            receipts: try await services.inventory.receipts(itemId: id, householdId: user.householdId),
            rooms: try await services.inventory.groups(.room, householdId: user.householdId),
            categories: try await services.inventory.groups(.category, householdId: user.householdId),
            container: container,
            contents: try await services.inventory.contents(of: id, householdId: user.householdId),
            maintenance: try await services.inventory.maintenance(itemId: id, householdId: user.householdId),
            documents: try await services.inventory.documents(itemId: id, householdId: user.householdId),
            currency: try await services.inventory.currency(householdId: user.householdId), timeZone: user.timeZone, today: services.today(for: user),
            error: error
        )
        return try services.renderer.render("inventory-item", page, status: status)
    }

    private func renderForm(_ form: InventoryItemForm, id: UUID?, context: HearthRequestContext, error: String? = nil, field: String? = nil,
                            status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = try context.requireUser()
        let path = id.map { "/inventory/items/\($0.text)" }
        let page = InventoryFormPage(
            layout: services.layout(id == nil ? "New item" : "Edit \(form.name ?? "item")", .inventory, context),
            action: path ?? "/inventory/items", heading: id == nil ? "New item" : "Edit item", submit: id == nil ? "Add item" : "Save",
            back: path ?? "/inventory", form: form,
            rooms: try await services.inventory.groups(.room, householdId: user.householdId),
            categories: try await services.inventory.groups(.category, householdId: user.householdId),
            currency: try await services.inventory.currency(householdId: user.householdId), error: error, errorField: field, isNew: id == nil,
            maxUploadMB: services.configuration.limits.maxUploadBytes / 1_048_576
        )
        return try services.renderer.render("inventory-form", page, status: error == nil ? .ok : (status == .ok ? .unprocessableContent : status))
    }

    /// The form field an error is about.
    static func field(of error: InventoryError) -> String? {
        switch error {
        case .invalidText(let field, _): field.replacingOccurrences(of: " ", with: "_")
        case .invalidQuantity: "quantity"
        case .invalidMoney(let field): field.replacingOccurrences(of: " ", with: "_")
        case .invalidWarranty, .warrantyNeedsPurchaseDate: "warranty_months"
        case .implausiblePurchaseDate: "purchase_date"
        case .groupNotFound(let kind): kind.rawValue
        case .tooManyTags: "tags"
        default: nil
        }
    }
}
