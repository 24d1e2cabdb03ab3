import Foundation
import HearthAPI
import HearthCore
import HearthStore
import Hummingbird

/// The Lists area: the lists as cards, one list (a live page the browser drives through the API),
/// Recently deleted and the statistics. Changes made here are published like the API's.
struct ListsPages {
    let services: AppServices

    struct ListForm: Decodable {
        let name: String
        let emoji: String?
    }

    struct MoveForm: Decodable {
        let position: Int
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/lists", use: index)
        router.post("/lists", use: create)
        router.get("/lists/deleted", use: deleted)
        router.get("/lists/stats", use: statistics)
        router.get("/lists/{id}", use: show)
        router.post("/lists/{id}", use: rename)
        router.post("/lists/{id}/move", use: move)
        router.post("/lists/{id}/delete", use: delete)
        router.post("/lists/{id}/restore", use: restore)
        router.post("/lists/{id}/purge", use: purge)
        router.get("/shell/lists", use: indexShell)
        router.get("/shell/list", use: listShell)
    }

    /// The lists index as the service worker keeps it: no cards; its script draws them from the
    /// signed-in account's offline copy when the page cannot be loaded.
    func indexShell(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let layout = Layout.shell(title: "Lists", section: .lists, path: "/lists", context: context, assetVersion: services.renderer.assetVersion)
        let page = ListsIndexPage(layout: layout, lists: [], justDeleted: nil, error: nil, formName: "", formEmoji: "")
        return try services.renderer.render("lists", page).keptByServiceWorker()
    }

    /// One list as the service worker keeps it: its script reads the list from the offline copy.
    func listShell(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let layout = Layout.shell(title: "List", section: .lists, path: "/lists/list", context: context, assetVersion: services.renderer.assetVersion)
        let page = ShoppingListPage(layout: layout, id: "", name: "", emoji: "", listJSON: "null", storesJSON: "null", userId: "", error: nil)
        return try services.renderer.render("list", page).keptByServiceWorker()
    }

    func index(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let deletedId = request.uri.queryParameters["deleted"].flatMap { UUID(uuidString: String($0)) }
        return try await renderIndex(context: context, notice: Notice.from(request), deletedId: deletedId)
    }

    func create(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: ListForm.self, context: context)
        do {
            let list = try await services.lists.createList(id: nil, householdId: user.householdId, name: form.name, emoji: form.emoji).list
            await services.events.publishListChange("listCreated", listId: list.id, by: user)
            return .seeOther("/lists/\(list.id.text)")
        } catch let error as ListError {
            return try await renderIndex(context: context, error: error.message, form: form, status: ProblemDetails.status(of: error))
        }
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await renderList(try context.parameters.require("id", as: UUID.self), context: context, notice: Notice.from(request))
    }

    func rename(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: ListForm.self, context: context)
        do {
            _ = try await services.lists.updateList(id: id, householdId: user.householdId, name: form.name,
                                                    emoji: .some(form.emoji), position: nil)
            await services.events.publishListChange("listUpdated", listId: id, by: user)
            return .seeOther("/lists/\(id.text)", notice: .saved)
        } catch let error as ListError where error != .listNotFound && error != .listDeleted {
            return try await renderList(id, context: context, error: error.message, status: ProblemDetails.status(of: error))
        }
    }

    func move(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: MoveForm.self, context: context)
        return try await listButton(context, event: "listUpdated", orBackTo: "/lists") { user, id in
            _ = try await services.lists.updateList(id: id, householdId: user.householdId, name: nil, emoji: nil, position: form.position)
            return .seeOther("/lists")
        }
    }

    func delete(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await listButton(context, event: "listDeleted", orBackTo: "/lists") { user, id in
            try await services.lists.deleteList(id: id, householdId: user.householdId)
            return .seeOther("/lists?deleted=\(id.text)")
        }
    }

    func restore(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await listButton(context, event: "listRestored", orBackTo: "/lists/deleted") { user, id in
            _ = try await services.lists.restoreList(id: id, householdId: user.householdId)
            return .seeOther("/lists", notice: .listRestored)
        }
    }

    func purge(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await listButton(context, event: "listPurged", orBackTo: "/lists/deleted") { user, id in
            try await services.lists.purgeList(id: id, householdId: user.householdId)
            return .seeOther("/lists/deleted", notice: .listPurged)
        }
    }

    /// A button on a list: does `action` on the list in the path, tells the household (`event`) and
    /// answers with the action's redirect. A button on a page that is out of date (the list was
    /// deleted, restored or purged meanwhile, perhaps by another member) leads back to `page` with a
    /// notice instead of an error page.
    private func listButton(
        _ context: HearthRequestContext, event: String, orBackTo page: String, _ action: (User, UUID) async throws -> Response
    ) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        do {
            let response = try await action(user, id)
            await services.events.publishListChange(event, listId: id, by: user)
            return response
        } catch ListError.listNotFound, ListError.listDeleted {
            return .seeOther(page, notice: .listGone)
        }
    }

    func deleted(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let lists = try await services.lists.deletedLists(householdId: user.householdId)
        let page = DeletedListsPage(layout: services.layout("Recently deleted", .lists, context, notice: Notice.from(request)),
                                    lists: lists, now: services.clock.now, timeZone: user.timeZone)
        return try services.renderer.render("lists-deleted", page)
    }

    func statistics(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let stats = try await services.lists.statistics(householdId: user.householdId, mostBought: 10)
        return try services.renderer.render("lists-stats", ListStatisticsPage(layout: services.layout("List statistics", .lists, context), statistics: stats))
    }

    private func renderIndex(
        context: HearthRequestContext, notice: String? = nil, deletedId: UUID? = nil, error: String? = nil,
        form: ListForm? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = try context.requireUser()
        let lists = try await services.lists.lists(householdId: user.householdId)
        var justDeleted: ShoppingList?
        if let deletedId, let list = try await services.lists.list(id: deletedId, householdId: user.householdId, includingDeleted: true),
           list.deletedAt != nil {
            justDeleted = list
        }
        var page = ListsIndexPage(layout: services.layout("Lists", .lists, context, notice: notice), lists: lists, justDeleted: justDeleted,
                                  error: error, formName: form?.name ?? "", formEmoji: form?.emoji ?? "")
        page.hasSample = try await SampleHousehold(services: services).hasList(household: user.householdId)
        return try services.renderer.render("lists", page, status: status)
    }

    private func renderList(
        _ id: UUID, context: HearthRequestContext, notice: String? = nil, error: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = try context.requireUser()
        let document = try await services.lists.wholeDocument(id: id, householdId: user.householdId)
        var page = ShoppingListPage(layout: services.layout(document.name, .lists, context, notice: notice),
                                    id: document.id, name: document.name, emoji: document.emoji ?? "",
                                    listJSON: try EmbeddedJSON.encode(document),
                                    storesJSON: try EmbeddedJSON.encode(try await services.lists.stores(householdId: user.householdId)
                                        .map(Components.Schemas.ShoppingStore.init)),
                                    userId: user.id.text, error: error)
        page.lists = ShoppingListPage.neighbours(try await services.lists.lists(householdId: user.householdId), current: id)
        return try services.renderer.render("list", page, status: status)
    }
}
