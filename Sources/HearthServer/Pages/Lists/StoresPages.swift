import Foundation
import HearthCore
import Hummingbird

/// The household's stores and their aisle orders (`/lists/stores`): plain forms, so it works
/// without JavaScript; dragging an aisle (lists-stores.js) goes through the API.
struct StoresPages {
    let services: AppServices

    struct NameForm: Decodable {
        let name: String
    }

    struct AisleForm: Decodable {
        let category: String
        let position: Int
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/lists/stores", use: index)
        router.post("/lists/stores", use: create)
        router.post("/lists/stores/{id}", use: rename)
        router.post("/lists/stores/{id}/aisles", use: moveAisle)
        router.post("/lists/stores/{id}/delete", use: delete)
    }

    func index(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await render(context: context, notice: Notice.from(request))
    }

    func create(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: NameForm.self, context: context)
        return try await change(context, formName: form.name) { user in
            _ = try await services.lists.createStore(id: nil, householdId: user.householdId, name: form.name, aisles: [])
        }
    }

    func rename(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: NameForm.self, context: context)
        let id = try context.parameters.require("id", as: UUID.self)
        return try await change(context) { user in
            _ = try await services.lists.updateStore(id: id, householdId: user.householdId, name: form.name, aisles: nil, position: nil)
        }
    }

    /// Moves one aisle to `position` (1 first) in the store's order.
    func moveAisle(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let form = try await request.decode(as: AisleForm.self, context: context)
        let id = try context.parameters.require("id", as: UUID.self)
        return try await change(context) { user in
            guard let store = try await services.lists.store(id: id, householdId: user.householdId) else { throw ListError.storeNotFound }
            var aisles = store.aisles // every category, in the store's order
            guard let category = ShoppingCategory(rawValue: form.category), let index = aisles.firstIndex(of: category) else {
                throw HTTPError(.badRequest, message: "No such aisle.")
            }
            aisles.move(from: index, toPosition: form.position)
            _ = try await services.lists.updateStore(id: id, householdId: user.householdId, name: nil, aisles: aisles, position: nil)
        }
    }

    func delete(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let id = try context.parameters.require("id", as: UUID.self)
        return try await change(context) { user in try await services.lists.deleteStore(id: id, householdId: user.householdId) }
    }

    /// Makes a change, tells the household's open list pages, and shows the stores again; a
    /// refusal shows with the form as it was sent.
    private func change(_ context: HearthRequestContext, formName: String = "", _ action: (User) async throws -> Void) async throws -> Response {
        let user = try context.requireUser()
        do {
            try await action(user)
            await services.events.publishStoresChange(by: user)
            return .seeOther("/lists/stores", notice: .saved)
        } catch let error as ListError {
            return try await render(context: context, error: error.message, formName: formName, status: ProblemDetails.status(of: error))
        }
    }

    private func render(context: HearthRequestContext, notice: String? = nil, error: String? = nil, formName: String = "",
                        status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = try context.requireUser()
        let stores = try await services.lists.stores(householdId: user.householdId)
        let page = StoresPage(layout: services.layout("Stores", .lists, context, notice: notice), stores: stores, error: error, formName: formName)
        return try services.renderer.render("lists-stores", page, status: status)
    }
}

/// The stores, each with its aisles in order and the places ↑ and ↓ move each one to.
struct StoresPage: Sendable {
    struct Aisle: Sendable {
        let id: String
        let title: String
        let store: String
        let up: Int?
        let down: Int?
    }

    struct Store: Sendable {
        let id: String
        let name: String
        let aisles: [Aisle]
    }

    let layout: Layout
    let stores: [Store]
    let error: String?
    let formName: String

    init(layout: Layout, stores: [ShoppingStore], error: String?, formName: String) {
        self.layout = layout
        self.stores = stores.map { store in
            Store(id: store.id.text, name: store.name, aisles: store.aisles.enumerated().map { index, category in
                Aisle(id: category.rawValue, title: category.title, store: store.id.text,
                      up: index == 0 ? nil : index, down: index == store.aisles.count - 1 ? nil : index + 2)
            })
        }
        self.error = error
        self.formName = formName
    }
}
